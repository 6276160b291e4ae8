// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReplayTagsTest {

	@Test
	void tagsAreRestoredInTraceLinesAndReadBackFromTheirTable(@TempDir Path folder) throws Exception {
		ReplayTags tags = new ReplayTags.Builder().symbol(8, "tag1").communicator(9, "c5", 1000, 1002).build();
		assertEquals("3 send 4 tag1", tags.restoreLine("3 send 4 8"));
		assertEquals("4 recv 3 c5.1002", tags.restoreLine("4 recv 3 11"));
		assertEquals("3 send 4 7", tags.restoreLine("3 send 4 7"));
		assertEquals("3 sync MPI_Barrier 0-8", tags.restoreLine("3 sync MPI_Barrier 0-8"));
		Files.writeString(folder.resolve(ReplayTags.FILE), tags.text());
		ReplayTags read = ReplayTags.read(folder);
		assertEquals(tags.text(), read.text());
		Matcher number = Pattern.compile("\\d+").matcher("8 9 10 11 12");
		while (number.find()) {
			long value = Long.parseLong(number.group());
			assertEquals(tags.token(value), read.token(value));
		}
	}

	/** Restored into the folder's cache: the traces left as they are, an earlier restore's extra ranks gone. */
	@Test
	void tracesRestoredIntoTheCacheLeaveTheTracesAsTheyAre(@TempDir Path folder) throws Exception {
		ReplayTags tags = new ReplayTags.Builder().symbol(8, "tag1").build();
		Files.writeString(folder.resolve("trace.0"), "0 send 1 8\n0 send 1 7\n");
		Files.writeString(folder.resolve("trace.1"), "0 recv 1 8\n0 recv 1 7\n");
		Files.writeString(folder.resolve("data.0"), "time\n1\n2\n");
		Path stale = Files.createDirectories(folder.resolve(ReplayTags.RESTORED)).resolve("trace.2");
		Files.writeString(stale, "2 local 1\n");
		Path restored = tags.restoreInto(folder);
		assertEquals(folder.resolve(ReplayTags.RESTORED), restored);
		assertEquals("0 send 1 tag1\n0 send 1 7\n", Files.readString(restored.resolve("trace.0")));
		assertEquals("0 recv 1 tag1\n0 recv 1 7\n", Files.readString(restored.resolve("trace.1")));
		assertFalse(Files.exists(stale), "a rank of an earlier restore stays");
		assertEquals("0 send 1 8\n0 send 1 7\n", Files.readString(folder.resolve("trace.0")));
	}

	/**
	 * A line of a table that is no entry is refused with its file and line: not one of the two forms,
	 * a communicator's range of numbers not as long as its range of tags or backwards, a number
	 * beyond 18 digits.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "8-x c5.1-2", "tag1 8", "9-11 c5.1000-1001", "9-11 c5.1002-1000", "1234567890123456789 tag2",
			"9-1234567890123456789 c5.0-1234567890123456780" })
	void aLineThatIsNoEntryIsRefusedAtItsLine(String line, @TempDir Path folder) throws Exception {
		Path table = folder.resolve("tags.txt");
		Files.writeString(table, "# comment\n8 tag1\n" + line + "\n9 tag3\n");
		TraceFormatException bad = assertThrows(TraceFormatException.class, () -> ReplayTags.readFile(table));
		assertEquals(Diagnostic.error(table, 3, 0, "expected 'NUMBER SYMBOL' or 'FROM-TO COMMUNICATOR.FIRST-LAST'"
				+ " (as many numbers as tags, FIRST <= LAST, at most 18 digits a number), found '" + line + "'"), bad.diagnostic());
		assertEquals(table + ":3: error: " + bad.diagnostic().message(), bad.getMessage());
	}

	/** The tables a replay writes, of random symbols and communicators, read back as they were written. */
	@Test
	void randomTablesAreReadBackAsWritten(@TempDir Path folder) throws Exception {
		Random random = new Random(41);
		for (int round = 0; round < 50; round++) {
			ReplayTags.Builder builder = new ReplayTags.Builder();
			long next = random.nextInt(100);
			for (int entry = random.nextInt(6); entry >= 0; entry--) {
				if (random.nextBoolean()) {
					builder.symbol(next++, "tag" + random.nextInt(1000));
				} else {
					long first = random.nextInt(5000);
					long last = first + random.nextInt(40);
					builder.communicator(next, "c" + random.nextInt(64), first, last);
					next += last - first + 1;
				}
			}
			ReplayTags tags = builder.build();
			Path table = Files.writeString(folder.resolve("replay.tags"), tags.text());
			ReplayTags read = ReplayTags.readFile(table);
			assertEquals(tags.text(), read.text());
			for (long number = 0; number <= next; number++) {
				assertEquals(tags.token(number), read.token(number));
			}
		}
	}

	/** Restored where the caller says: the folder itself gets no cache. */
	@Test
	void tracesRestoredElsewhereLeaveTheFolderAlone(@TempDir Path folder, @TempDir Path state) throws Exception {
		ReplayTags tags = new ReplayTags.Builder().communicator(100, "c5", 1000, 1001).build();
		Files.writeString(folder.resolve("trace.0"), "0 send 1 101\n");
		Path into = state.resolve("restored");
		assertEquals(into, tags.restoreInto(folder, into));
		assertEquals("0 send 1 c5.1001\n", Files.readString(into.resolve("trace.0")));
		assertFalse(Files.exists(folder.resolve(ReplayTags.RESTORED)), "a cache in the folder");
	}
}
