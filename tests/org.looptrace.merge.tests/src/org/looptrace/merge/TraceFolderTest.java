// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/** {@link Merger#model}: trace folders on disk, NLR per rank, then the merge. */
class TraceFolderTest {

	@TempDir
	Path temporary;

	@Test
	void everyPatternFolderGivesAnExactModelWhateverTheThreads() throws Exception {
		for (String name : Patterns.NAMES) {
			Pattern pattern = Patterns.create(name, 6, 5, 2);
			Path folder = temporary.resolve(name);
			Patterns.write(pattern, folder, Progress.NONE);
			Model one = Merger.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(1), Progress.NONE);
			Model two = Merger.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2), Progress.NONE);
			assertEquals(ModelPrinter.print(one), ModelPrinter.print(two), name);
			for (int p = 0; p < pattern.ranks(); p++) {
				List<TraceEvent> expected = new ArrayList<>();
				pattern.events(p).forEachRemaining(expected::add);
				assertEquals(expected, Projection.events(one, p), name + ": events of rank " + p);
			}
		}
	}

	@Test
	void aTruncatedTraceIsInconsistent() throws Exception {
		Path folder = temporary.resolve("ring");
		Patterns.write(Patterns.create("ring", 4, 10, 1), folder, Progress.NONE);
		Path trace = folder.resolve("trace.2");
		List<String> lines = new ArrayList<>(Files.readAllLines(trace));
		lines.remove(lines.size() - 1);
		Files.write(trace, lines);
		InconsistentTraceException failure = assertThrows(InconsistentTraceException.class,
				() -> Merger.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2), Progress.NONE));
		assertEquals(true, failure.getMessage().startsWith("channel ("), failure.getMessage());
	}
}
