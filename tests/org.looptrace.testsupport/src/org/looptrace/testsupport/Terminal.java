// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.FileLocator;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * {@code looptrace} in a JVM of its own on a terminal, as a user runs it: util-linux's {@code script}
 * gives it one, so its progress bar is drawn and a Ctrl-C typed on the terminal reaches it as SIGINT.
 * What the terminal shows (both streams, lines ending in CR LF) is kept as it comes.
 */
public final class Terminal implements AutoCloseable {

	/** The class the launcher runs: the CLI's. */
	private static final String MAIN = "org.looptrace.cli.Main";

	/** The longest wait for the command to show something or to end, on a loaded machine. */
	private static final long PATIENCE_SECONDS = 180;

	private final Process process;
	private final StringBuilder screen = new StringBuilder();
	private final Thread reader = new Thread(this::read, "terminal of looptrace");

	private Terminal(Process process) {
		this.process = process;
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Starts {@code looptrace args...} as the launcher does, on the class path of the bundle of
	 * {@code classPathOf} (the CLI's, or one adding commands to it) and of every bundle it is wired to.
	 */
	public static Terminal start(Class<?> classPathOf, String... args) throws IOException {
		return start(classPathOf, Map.of(), Map.of(), args);
	}

	/** The same with Java's system {@code properties} and the folders of {@code path} first in PATH. */
	public static Terminal start(Class<?> classPathOf, Map<String, String> properties, String path, String... args) throws IOException {
		return start(classPathOf, properties, Map.of("PATH", path + java.io.File.pathSeparator + System.getenv("PATH")), args);
	}

	/** The same with Java's system {@code properties} and variables of the {@code environment}. */
	public static Terminal start(Class<?> classPathOf, Map<String, String> properties, Map<String, String> environment, String... args)
			throws IOException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--enable-native-access=ALL-UNNAMED", "-Dguice_bytecode_gen_option=DISABLED", "-cp", classPath(classPathOf)));
		properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
		command.add(MAIN);
		command.addAll(List.of(args));
		StringBuilder line = new StringBuilder("exec env --default-signal=INT");
		// a JVM started with SIGINT ignored (a build run in the background of a script) would keep ignoring it
		command.forEach(word -> line.append(" '").append(word.replace("'", "'\\''")).append('\''));
		ProcessBuilder terminal = new ProcessBuilder("script", "-qefc", line.toString(), "/dev/null").redirectErrorStream(true);
		terminal.environment().putAll(environment);
		return new Terminal(terminal.start());
	}

	/** The jars of the bundle of {@code classPathOf} and of every bundle it is wired to, as the test's OSGi runtime found them. */
	private static String classPath(Class<?> classPathOf) {
		Set<Bundle> bundles = new LinkedHashSet<>();
		Deque<Bundle> next = new ArrayDeque<>(List.of(FrameworkUtil.getBundle(classPathOf)));
		while (!next.isEmpty()) {
			Bundle bundle = next.pop();
			// the system bundle (the JDK's packages) is no jar to add
			if (bundle.getBundleId() == 0 || !bundles.add(bundle)) {
				continue;
			}
			for (BundleWire wire : bundle.adapt(BundleWiring.class).getRequiredWires(null)) {
				next.push(wire.getProviderWiring().getBundle());
			}
		}
		List<String> jars = new ArrayList<>();
		for (Bundle bundle : bundles) {
			jars.add(FileLocator.getBundleFileLocation(bundle).orElseThrow(() -> new AssertionError("no file of " + bundle)).getPath());
		}
		return String.join(java.io.File.pathSeparator, jars);
	}

	private void read() {
		try (InputStream in = process.getInputStream()) {
			byte[] buffer = new byte[8192];
			for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
				synchronized (screen) {
					screen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
					screen.notifyAll();
				}
			}
		} catch (IOException e) {
			// the terminal closed: what it showed is kept
		}
	}

	/** What the terminal showed so far. */
	public String screen() {
		synchronized (screen) {
			return screen.toString();
		}
	}

	/** Waits until the terminal shows text that {@code expected} finds; fails if the command ends first. */
	public void waitFor(Pattern expected) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
		synchronized (screen) {
			while (!expected.matcher(screen).find()) {
				if (!process.isAlive() || System.nanoTime() > deadline) {
					fail("the terminal never showed " + expected + (process.isAlive() ? "" : " before the command ended") + ":\n" + screen);
				}
				screen.wait(100);
			}
		}
	}

	/** Types Ctrl-C: the terminal sends SIGINT to the command. */
	public void ctrlC() throws IOException {
		OutputStream keyboard = process.getOutputStream();
		keyboard.write(3);
		keyboard.flush();
	}

	/** Sends SIGTERM to the command's JVM, as {@code kill} or a batch scheduler at a job's time limit does. */
	public void terminate() {
		List<ProcessHandle> jvms = process.descendants().filter(child -> child.info().command().orElse("").endsWith("/java")).toList();
		if (jvms.isEmpty()) {
			fail("no JVM of the command to send SIGTERM to:\n" + screen());
		}
		// ProcessHandle.destroy is SIGTERM on POSIX systems
		jvms.forEach(ProcessHandle::destroy);
	}

	/** Waits for the command to end, and for the last it showed; its exit status. */
	public int exitStatus() throws InterruptedException {
		if (!process.waitFor(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
			fail("the command did not end:\n" + screen());
		}
		reader.join(TimeUnit.SECONDS.toMillis(PATIENCE_SECONDS));
		return process.exitValue();
	}

	@Override
	public void close() {
		process.descendants().forEach(ProcessHandle::destroyForcibly);
		process.destroyForcibly();
	}
}
