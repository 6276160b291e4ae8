// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Model;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.EventWriter;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;

/** Folders: ranks in parallel, results in rank order, independent of the number of threads. */
class FolderTest {

	private static final int RANKS = 7;

	@Test
	void modelsDoNotDependOnThreadsAndExpandToEachTrace(@TempDir Path folder) throws IOException {
		Random random = new Random(7);
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < RANKS; rank++) {
			List<TraceEvent> trace = new ArrayList<>();
			for (TraceEvent event : Traces.randomNest(random, 3, 20_000)) {
				// the owner of every event of trace.<rank> is rank, every peer a rank of the folder
				trace.add(event.kind() == EventKind.SEND ? TraceEvent.send(rank, event.peer() % RANKS, event.tag())
						: TraceEvent.recv(event.rank() % RANKS, rank, event.tag()));
			}
			traces.add(trace);
			try (EventWriter writer = EventWriter.create(folder.resolve("trace." + rank))) {
				for (TraceEvent event : trace) {
					writer.write(event);
				}
			}
		}
		TraceFolder traceFolder = TraceFolder.open(folder);
		List<Model> one = Nlr.modelFolder(traceFolder, NlrOptions.DEFAULTS, 1, Progress.NONE);
		List<Model> three = Nlr.modelFolder(traceFolder, NlrOptions.DEFAULTS, 3, Progress.NONE);
		assertEquals(traces.size(), one.size());
		for (int rank = 0; rank < traces.size(); rank++) {
			assertEquals(ModelPrinter.print(one.get(rank)), ModelPrinter.print(three.get(rank)), "rank " + rank);
			List<TraceEvent> expanded = new ArrayList<>();
			ModelExpander.expand(one.get(rank)).forEachRemaining(expanded::add);
			assertEquals(traces.get(rank), expanded, "rank " + rank);
		}
	}

	@Test
	void badLineIsReportedWithFileLineAndColumn(@TempDir Path folder) throws IOException {
		Path trace = folder.resolve("trace.0");
		Files.writeString(trace, "0 send 1 t\n0 send 1 t\n0 snd 1 t\n");
		TraceFormatException error = assertThrows(TraceFormatException.class,
				() -> Nlr.modelFile(trace, NlrOptions.DEFAULTS, Progress.NONE));
		assertTrue(error.getMessage().startsWith(trace + ":3:"), error.getMessage());
	}
}
