// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code looptrace} launcher script: the help of its own commands comes from the command line,
 * wherever {@code --help} stands among their words; the engine's class path holds one version of each
 * jar. The script runs from a copy whose "product" is current, or whose Maven wrapper "builds" the
 * engine, with a JDK whose {@code java} prints its arguments: what Java the script would start.
 */
class LauncherScriptTest {

	/** The exit status and output of the script run on {@code args} in {@code root}. */
	private record Run(int status, String output) {
	}

	/** A copy of the launcher whose product is built and current: the script runs it rather than building anything. */
	private static Path installation(Path root) throws Exception {
		Path script = engineInstallation(root);
		Path stamp = Files.writeString(root.resolve("releng/org.looptrace.product/target/.built"), "");
		Files.setLastModifiedTime(stamp, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
		return script;
	}

	/** A copy of the launcher without a product: it builds the engine (with the Maven wrapper there is) and runs it. */
	private static Path engineInstallation(Path root) throws Exception {
		Path script = Files.copy(Cli.examples().resolve("../looptrace").toRealPath(), root.resolve("looptrace"));
		Path jdk = Files.createDirectories(root.resolve("jdk/bin"));
		Files.writeString(root.resolve("jdk/release"), "JAVA_VERSION=\"25\"\n");
		Files.writeString(jdk.resolve("javac"), "#!/bin/sh\n");
		Files.writeString(jdk.resolve("java"), "#!/bin/sh\nfor word in \"$@\"; do echo \"java: $word\"; done\n");
		for (Path file : List.of(script, jdk.resolve("javac"), jdk.resolve("java"))) {
			file.toFile().setExecutable(true);
		}
		for (String folder : List.of("bundles", "features", "releng/org.looptrace.product/target", "targetplatform")) {
			Files.createDirectories(root.resolve(folder));
		}
		return script;
	}

	/** The words the script passed to Java, one a line. */
	private static List<String> javaWords(Run run) {
		return run.output().lines().filter(line -> line.startsWith("java: ")).map(line -> line.substring("java: ".length())).toList();
	}

	private static Run run(Path root, String... args) throws Exception {
		List<String> command = new ArrayList<>(List.of(root.resolve("looptrace").toString()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().put("JAVA_HOME", root.resolve("jdk").toString());
		Process process = builder.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the script did not end");
		return new Run(process.exitValue(), output);
	}

	@Test
	void helpOfALauncherCommandIsTheCommandLinesWhereverItStands(@TempDir Path root) throws Exception {
		installation(root);
		List<List<String>> asks = List.of(List.of("ide", "--help"), List.of("cluster", "--help"), List.of("cluster", "start", "--help"),
				List.of("cluster", "start", "--port", "7000", "-h"), List.of("cluster", "stop", "--help"), List.of("test", "-o", "--help"),
				List.of("build", "-h"));
		for (List<String> words : asks) {
			Run run = run(root, words.toArray(String[]::new));
			String expected = words.stream().map(word -> "java: " + word + "\n").reduce("java: org.looptrace.cli.Main\n", String::concat);
			assertTrue(run.status() == 0 && run.output().endsWith(expected), words + ":\n" + run.output());
		}
		// without --help, the script's own parsing, which Java is not started for
		Run port = run(root, "cluster", "start", "--port", "x");
		assertEquals(new Run(2, "looptrace: cluster start: --port 'x' is not a number\n"), port);
	}

	@Test
	void engineClassPathHoldsOneVersionOfEachJar(@TempDir Path root) throws Exception {
		engineInstallation(root);
		Files.createDirectories(root.resolve("bundles/org.looptrace.bench/META-INF"));
		Files.writeString(root.resolve("bundles/org.looptrace.bench/META-INF/MANIFEST.MF"), "Bundle-SymbolicName: org.looptrace.bench\n");
		// what the dependency plugin writes for the engine: the target's jars and the versions their poms name
		List<String> written = List.of("/m2/com/google/guava/guava/33.5.0-jre/guava-33.5.0-jre.jar",
				"/m2/com/google/inject/guice/7.0.0/guice-7.0.0.jar", "/m2/com/google/guava/guava/31.0.1-jre/guava-31.0.1-jre.jar",
				"/m2/org/eclipse/platform/org.eclipse.osgi/3.24.0/org.eclipse.osgi-3.24.0.jar",
				"/m2/org/eclipse/platform/org.eclipse.osgi/3.24.300/org.eclipse.osgi-3.24.300.jar",
				"/m2/org/antlr/antlr-runtime/3.2/bnd-7b50/antlr-runtime-3.2.jar", "/m2/org/antlr/antlr-runtime/3.2/antlr-runtime-3.2.jar");
		Path bench = root.resolve("bundles/org.looptrace.bench/target/org.looptrace.bench-0.1.0-SNAPSHOT.jar");
		Path maven = Files.writeString(root.resolve("mvnw"), "#!/bin/sh\nmkdir -p " + bench.getParent() + "\ntouch " + bench
				+ "\nprintf '%s' '" + String.join(":", written) + "' >" + bench.resolveSibling("classpath.txt") + "\n");
		maven.toFile().setExecutable(true);
		Run run = run(root, "ide", "--help");
		List<String> words = javaWords(run);
		int classPath = words.indexOf("-cp") + 1;
		assertTrue(run.status() == 0 && classPath > 0, run.output());
		assertEquals(List.of(written.get(0), written.get(1), written.get(4), written.get(5), bench.toString()),
				List.of(words.get(classPath).split(":")), run.output());
	}
}
