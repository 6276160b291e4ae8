// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Model;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.DataTrace;
import org.looptrace.trace.DataTraceWriter;

/** Bytes per channel from the data traces equal the sizes of the sends of the expanded traces. */
class MessageBytesTest {

	@Test
	void bytesOfRandomModelsEqualTheSendsOfTheExpandedTraces(@TempDir Path folder) throws Exception {
		RandomModels random = new RandomModels(41, 5);
		for (int i = 0; i < 200; i++) {
			Model model = random.next();
			ScannerTest.writeData(model, 5, folder, i);
			SortedMap<Channel, Long> expected = new TreeMap<>();
			for (int rank = 0; rank < 5; rank++) {
				try (DataTrace data = DataTrace.open(folder.resolve("data." + rank))) {
					long position = 0;
					for (ModelExpander events = ModelExpander.expand(model, rank); events.hasNext(); position++) {
						TraceEvent event = events.next();
						if (event.kind() == EventKind.SEND) {
							expected.merge(event.channel(), data.value(position, "size"), Long::sum);
						}
					}
				}
			}
			int number = i;
			assertEquals(expected, MessageBytes.of(model, model, folder, Progress.NONE),
					() -> "random model " + number + ":\n" + ModelPrinter.print(model));
		}
	}

	@Test
	void bytesOfOneLoopCountOnlyItsSends(@TempDir Path folder) throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 2
				  0 send 1 a
				done
				for i0 = 0 to 3
				  0 send 2 b
				  0 send 1+i0 c
				done
				""");
		writeSizes(folder, 11);
		// the second loop's sends are records 3 to 10 of rank 0: b at 3, 5, 7, 9 and c at 4, 6, 8, 10
		assertEquals(Map.of(new Channel(0, 2, "b"), 240L, new Channel(0, 1, "c"), 40L, new Channel(0, 2, "c"), 60L,
				new Channel(0, 3, "c"), 80L, new Channel(0, 4, "c"), 100L),
				MessageBytes.of(model, ConstructPath.find(model, "2"), folder, Progress.NONE));
		assertEquals(Map.of(new Channel(0, 1, ""), 30L + 40, new Channel(0, 2, ""), 240L + 60, new Channel(0, 3, ""), 80L,
				new Channel(0, 4, ""), 100L),
				MessageBytes.perPair(MessageBytes.of(model, model, folder, Progress.NONE)));
	}

	/** Rank 0's data trace: record i has size 10 i. */
	private static void writeSizes(Path folder, int records) throws Exception {
		try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data.0"), List.of("time", "size"))) {
			for (int position = 0; position < records; position++) {
				data.write(position, 10 * position);
			}
		}
	}

	@Test
	void perSendSplitsTheBytesOfAChannelByConstruct(@TempDir Path folder) throws Exception {
		// the loops of bytesOfOneLoopCountOnlyItsSends, channel a used by both
		Model model = Models.parse("for i0 = 0 to 2\n  0 send 1 a\ndone\nfor i0 = 0 to 3\n  0 send 1 a\n  0 send 1+i0 c\ndone\n");
		writeSizes(folder, 11);
		Map<org.looptrace.model.Send, SortedMap<Channel, MessageBytes.Sent>> sent = MessageBytes.perSend(model, folder,
				Progress.NONE);
		// channel (0, 1, a): records 0 to 2 in the first loop, 3, 5, 7, 9 in the second (the least and
		// the most bytes of one message beside the sum)
		assertEquals(Map.of(new Channel(0, 1, "a"), new MessageBytes.Sent(30, 3, 0, 20)),
				sent.get(ConstructPath.find(model, "1.1")));
		assertEquals(Map.of(new Channel(0, 1, "a"), new MessageBytes.Sent(240, 4, 30, 90)),
				sent.get(ConstructPath.find(model, "2.1")));
		assertEquals(Map.of(new Channel(0, 1, "c"), new MessageBytes.Sent(40, 1, 40, 40), new Channel(0, 2, "c"),
				new MessageBytes.Sent(60, 1, 60, 60), new Channel(0, 3, "c"), new MessageBytes.Sent(80, 1, 80, 80), new Channel(0, 4, "c"),
				new MessageBytes.Sent(100, 1, 100, 100)), sent.get(ConstructPath.find(model, "2.2")));
	}
}
