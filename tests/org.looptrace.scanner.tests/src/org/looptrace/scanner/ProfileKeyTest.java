// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.scanner.profile.ProfileKey;

/** The key of a time profile changes with the text and the data traces {@code data.<rank>}, and with nothing else of the folder. */
class ProfileKeyTest {

	private static final String TEXT = "0 send 1 a\n";

	@Test
	void onlyTheDataTracesOfRanksCount(@TempDir Path folder) throws Exception {
		assertFalse(ProfileKey.of(TEXT, folder.resolve("missing")).hasDataTraces(), "a missing folder");
		ProfileKey empty = ProfileKey.of(TEXT, folder);
		assertFalse(empty.hasDataTraces(), "an empty folder");
		for (String other : new String[] { "trace.0", "data.txt", "data.", "data.-1", "data.1.csv", "data.1x", "mydata.2" }) {
			Files.writeString(folder.resolve(other), "time\n1\n");
			ProfileKey key = ProfileKey.of(TEXT, folder);
			assertFalse(key.hasDataTraces(), other);
			assertEquals(empty, key, other + " changed the key");
		}
		Files.writeString(folder.resolve("data.3"), "time\n1\n");
		ProfileKey data = ProfileKey.of(TEXT, folder);
		assertTrue(data.hasDataTraces());
		assertNotEquals(empty, data);
		assertEquals(data, ProfileKey.of(TEXT, folder), "nothing changed");
		assertNotEquals(data, ProfileKey.of(TEXT + "\n", folder), "another text");
		Files.writeString(folder.resolve("data.txt"), "another text, longer than before\n");
		assertEquals(data, ProfileKey.of(TEXT, folder), "a file that is no data trace changed");
	}

	/** Random edits of random data traces: the key changes exactly when a size or time of a data trace does. */
	@Test
	void everyChangeOfADataTraceChangesTheKey(@TempDir Path folder) throws Exception {
		Random random = new Random(23);
		FileTime time = FileTime.fromMillis(1_000_000_000_000L);
		for (int rank = 0; rank < 6; rank++) {
			Files.writeString(folder.resolve("data." + rank), "time\n" + rank + "\n");
			Files.setLastModifiedTime(folder.resolve("data." + rank), time);
		}
		ProfileKey before = ProfileKey.of(TEXT, folder);
		for (int i = 0; i < 200; i++) {
			Path file = folder.resolve("data." + random.nextInt(6));
			boolean change = random.nextBoolean();
			if (change && random.nextBoolean()) {
				// longer: a rewrite of the same size within the same microsecond is what the key cannot see
				Files.writeString(file, i + "\n", StandardOpenOption.APPEND);
				Files.setLastModifiedTime(file, time);
			} else if (change) {
				time = FileTime.fromMillis(time.toMillis() + 1 + random.nextInt(1000));
				Files.setLastModifiedTime(file, time);
			} else {
				Files.setLastModifiedTime(file, Files.getLastModifiedTime(file));
			}
			ProfileKey after = ProfileKey.of(TEXT, folder);
			assertEquals(!change, before.equals(after), "step " + i + ": " + before.stamps() + " -> " + after.stamps());
			before = after;
		}
	}
}
