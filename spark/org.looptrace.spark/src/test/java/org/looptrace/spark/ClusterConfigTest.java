// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration folder of a cluster: its modes, its settings and a fresh secret each time. */
class ClusterConfigTest {

	@TempDir
	Path temporary;

	@Test
	void theFolderAndTheFileAreTheUsersOnly() throws IOException {
		Path file = ClusterConfig.write(temporary.resolve("conf"), "node07");
		assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
		assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
		assertEquals(ClusterConfig.FILE, file.getFileName().toString());
	}

	@Test
	void theFileAuthenticatesEncryptsAndBindsTheDriver() throws IOException {
		Properties settings = read(ClusterConfig.write(temporary.resolve("conf"), "node07"));
		assertEquals("true", settings.getProperty("spark.authenticate"));
		assertEquals("true", settings.getProperty("spark.network.crypto.enabled"));
		assertEquals("node07", settings.getProperty("spark.driver.host"));
		assertEquals(32, Base64.getDecoder().decode(settings.getProperty("spark.authenticate.secret")).length);
	}

	@Test
	void everyClusterHasASecretOfItsOwn() throws IOException {
		Set<String> secrets = new HashSet<>();
		for (int i = 0; i < 200; i++) {
			secrets.add(read(ClusterConfig.write(temporary.resolve("conf-" + i), "node" + i))
					.getProperty("spark.authenticate.secret"));
		}
		assertEquals(200, secrets.size());
	}

	@Test
	void anExistingFolderIsRefused() throws IOException {
		Path folder = Files.createDirectory(temporary.resolve("conf"));
		IOException refused = assertThrows(IOException.class, () -> ClusterConfig.write(folder, "node07"));
		assertTrue(refused.getMessage().startsWith(folder + ": already exists"), refused.getMessage());
		try (var files = Files.list(folder)) {
			assertEquals(0, files.count(), "nothing written into a folder that was there");
		}
	}

	private static Properties read(Path file) throws IOException {
		Properties settings = new Properties();
		try (Reader reader = Files.newBufferedReader(file)) {
			settings.load(reader);
		}
		return settings;
	}
}
