// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.ide.constructs.ConstructFacts;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.Positions;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.ConstructTimeText;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.trace.DataTraceWriter;
import org.looptrace.trace.otf2.TraceSource;

/**
 * The hover of a construct in a model file whose run has data traces gives the construct's time, from
 * a trace folder or an OTF2 archive.
 */
class HoverTimesTest {

	private static final String RING = ModelOutlineTest.RING;

	@Test
	void hoverGivesTheTimeOfTheProfileAndFollowsTheDataTraces(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("ring.loops");
		Files.writeString(file, RING);
		int offset = RING.indexOf("for i1") + 1;
		String without = ConstructFacts.hover(RING, offset, file);
		assertTrue(without != null && !without.contains("time:"), without);
		Model model = ModelText.parse(RING, "ring.loops");
		writeData(dir, model, 1000);
		String hover = ConstructFacts.hover(RING, offset, file);
		TimeProfile profile = TimeProfile.of(model, dir, Progress.NONE);
		ConstructTime loop = profile.constructs().stream().filter(c -> c.path().equals("1.1")).findFirst().orElseThrow();
		String expected = ConstructTimeText.of(profile, loop) + "\n";
		assertTrue(hover != null && hover.contains(expected), () -> "no '" + expected + "' in\n" + hover);
		writeData(dir, model, 3000); // the data traces change: so does the hover
		String slower = ConstructFacts.hover(RING, offset, file);
		assertTrue(slower != null && !slower.contains(expected) && slower.contains("summed over 8 ranks"), slower);
		Files.delete(dir.resolve("data.3"));
		String missing = ConstructFacts.hover(RING, offset, file);
		assertTrue(missing != null && missing.contains("time: " + dir.resolve("data.3") + ": error: missing"), missing);
		assertFalse(missing.contains("iteration times: "), missing);
	}

	/**
	 * A model beside an OTF2 archive (as Model traces writes it): a hover converts nothing, it says the
	 * archive is not converted yet; once a view converted it, the hover gives the time from its data.
	 */
	@Test
	void hoverGivesTheTimeFromAnArchiveOnceConverted(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), """
				resolution 1000000000
				ranks 2 0 1
				comm MPI_COMM_WORLD world
				0 100 send MPI_COMM_WORLD 1 7 4
				0 200 send MPI_COMM_WORLD 1 7 4
				0 400 send MPI_COMM_WORLD 1 7 4
				1 150 recv MPI_COMM_WORLD 0 7 4
				1 250 recv MPI_COMM_WORLD 0 7 4
				1 700 recv MPI_COMM_WORLD 0 7 4
				""");
		String text = "for i0 = 0 to 2\n  0 send 1 7\n  0 recv 1 7\ndone\n";
		Path file = dir.resolve("run/model.loops");
		Files.writeString(file, text);
		String before = ConstructFacts.hover(text, 1, file);
		assertTrue(before != null && before.contains("time: the OTF2 archive " + dir.resolve("run") + " is not converted yet"), before);
		assertFalse(Files.exists(dir.resolve("run/.looptrace")), "a hover converts nothing");

		Path converted = TraceSource.ofModel(file, text, false, 1, Progress.NONE).folder();
		Model model = ModelText.parse(text, "model.loops");
		TimeProfile profile = TimeProfile.of(model, converted, Progress.NONE);
		ConstructTime loop = profile.constructs().stream().filter(c -> c.path().equals("1")).findFirst().orElseThrow();
		String expected = ConstructTimeText.of(profile, loop) + "\n";
		String hover = ConstructFacts.hover(text, 1, file);
		assertTrue(hover != null && hover.contains(expected) && hover.contains("summed over 2 ranks"), () -> "no '" + expected + "' in\n" + hover);
	}

	/** Rank r's record k: time {@code step * k}, end 10 ns later. */
	private static void writeData(Path dir, Model model, long step) throws Exception {
		Positions positions = Positions.of(model);
		for (int rank : positions.ranks()) {
			try (DataTraceWriter data = DataTraceWriter.create(dir.resolve("data." + rank), List.of("time", "end"))) {
				for (long k = 0; k < positions.events(rank); k++) {
					data.write(step * k, step * k + 10);
				}
			}
		}
	}
}
