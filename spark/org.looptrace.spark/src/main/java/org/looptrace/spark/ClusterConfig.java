// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration folder of a Spark standalone cluster started inside a batch job on a shared
 * machine: a {@code spark-defaults.conf} that the Master, the Workers and the driver all read, with
 * Spark's authentication on (a secret made for this cluster only), its RPC encrypted and the driver
 * bound to the given host. The folder is the user's only (mode 700) and the file too (600): other
 * users of the machine can reach the cluster's ports, but without the secret every connection is
 * refused.
 * <p>
 * Spark reads a secret from a file of its own ({@code spark.authenticate.secret.file}) on
 * Kubernetes only; a standalone cluster takes it as {@code spark.authenticate.secret}, so the
 * secret stands in the configuration file, never on a command line (which {@code ps} shows).
 */
public final class ClusterConfig {

	/** The name of the configuration file in the folder, as Spark looks for it in {@code SPARK_CONF_DIR}. */
	public static final String FILE = "spark-defaults.conf";

	/** Bytes of randomness in a secret. */
	private static final int SECRET_BYTES = 32;

	private static final SecureRandom RANDOM = new SecureRandom();

	private ClusterConfig() {
	}

	/**
	 * Creates {@code folder} (mode 700; it must not exist yet, so no older secret or file of
	 * another user is taken for ours) and writes in it the configuration of a cluster whose driver
	 * runs on {@code driverHost}, with a fresh secret.
	 *
	 * @return the configuration file
	 * @throws IOException when the folder exists or cannot be written
	 */
	public static Path write(Path folder, String driverHost) throws IOException {
		try {
			Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
		} catch (FileAlreadyExistsException e) {
			throw new IOException(folder + ": already exists (expected a new folder for this cluster's secret)", e);
		}
		Path file = folder.resolve(FILE);
		// created with mode 600 at once: the secret is never in a file another user could open
		Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		try (Writer writer = Files.newBufferedWriter(file)) {
			writer.write("# A Spark standalone cluster of one batch job: authenticated with a secret of its own, RPC\n");
			writer.write("# encrypted. Keep this file to its user: whoever reads it may run code on the cluster.\n");
			for (Map.Entry<String, String> setting : settings(secret(), driverHost).entrySet()) {
				writer.write(setting.getKey() + " " + setting.getValue() + "\n");
			}
		}
		return file;
	}

	/** The settings of a cluster with {@code secret} and its driver on {@code driverHost}. */
	static Map<String, String> settings(String secret, String driverHost) {
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("spark.authenticate", "true");
		settings.put("spark.authenticate.secret", secret);
		// traces' names and partial models cross the machine's network: encrypted with keys agreed from the secret
		settings.put("spark.network.crypto.enabled", "true");
		// the driver listens on the allocation's node it runs on, not on every interface
		settings.put("spark.driver.host", driverHost);
		// no web page of the application, and none that kills it or submits another through the master
		settings.put("spark.ui.enabled", "false");
		settings.put("spark.ui.killEnabled", "false");
		settings.put("spark.master.rest.enabled", "false");
		return settings;
	}

	/** A fresh secret: 32 random bytes, in Base64. */
	static String secret() {
		byte[] bytes = new byte[SECRET_BYTES];
		RANDOM.nextBytes(bytes);
		return Base64.getEncoder().encodeToString(bytes);
	}

	/**
	 * Writes the configuration folder for the launcher: {@code ClusterConfig FOLDER DRIVER_HOST}.
	 * A bad argument or a folder that cannot be written is said on one line, exit status 2.
	 */
	public static void main(String[] args) {
		if (args.length != 2 || args[1].isBlank()) {
			System.err.println("looptrace cluster: expected a new configuration folder and the driver's host name");
			System.exit(2);
		}
		try {
			write(Path.of(args[0]), args[1]);
		} catch (IOException | UnsupportedOperationException e) {
			System.err.println("looptrace cluster: " + e.getMessage());
			System.exit(2);
		}
	}
}
