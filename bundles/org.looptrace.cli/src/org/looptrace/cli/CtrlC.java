// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

import org.looptrace.model.core.Progress;

import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) on a running command. The first cancels the command's {@link Progress}: the engine
 * stops at its next check and the command unwinds through its {@code finally} blocks, which delete
 * the outputs it was writing, to {@code looptrace <command>: cancelled} and exit status 130. A
 * command still running {@link #GRACE} later, or a second Ctrl-C, ends the JVM at once, with the same
 * status, through the shutdown hooks that delete those outputs.
 * <p>
 * A shutdown hook alone cannot let the command unwind: once the JVM stops, the other hooks (the
 * deletion of the outputs among them) run while the command still writes, and a second Ctrl-C cannot
 * cut the wait short. {@link Signal} (module jdk.unsupported, there for this use) keeps the JVM
 * running meanwhile. The state is the process's, as the signal is: only {@link Main#main} installs
 * the handler, so commands run in process ({@link Main#run}) are never cancelled by it.
 */
final class CtrlC {

	/** How long the first Ctrl-C waits for the command to stop before the JVM is ended. */
	static final Duration GRACE = Duration.ofSeconds(5);

	/** The exit status of a command ended by SIGINT, as shells report it (128 + 2). */
	static final int EXIT_STATUS = 130;

	/** Progress that reports nothing and is cancelled by Ctrl-C: for work shown without a progress bar. */
	static final Progress PROGRESS = Progress.cancelledWhen(CtrlC::pressed);

	private static volatile boolean pressed;

	private CtrlC() {
	}

	/**
	 * Handles Ctrl-C for the rest of the JVM's life, for the command named {@code command}; where the
	 * JVM does not let SIGINT be handled (-Xrs), Ctrl-C keeps ending it at once.
	 */
	static void handle(String command, PrintStream err) {
		try {
			Signal.handle(new Signal("INT"), signal -> {
				if (pressed) {
					end(command, "at the second Ctrl-C", err);
					return;
				}
				pressed = true;
				Thread deadline = new Thread(() -> {
					try {
						Thread.sleep(GRACE);
					} catch (InterruptedException e) {
						return;
					}
					end(command, "after " + GRACE.toSeconds() + " s", err);
				}, "looptrace: end " + command + " if it does not stop");
				deadline.setDaemon(true);
				deadline.start();
			});
		} catch (IllegalArgumentException e) {
			// SIGINT is the JVM's own: its default handling stays
		}
	}

	/** Whether Ctrl-C was pressed: the command is to stop. */
	static boolean pressed() {
		return pressed;
	}

	/** Ends the JVM; its shutdown hooks delete the outputs being written. */
	private static void end(String command, String when, PrintStream err) {
		TerminalProgress.erase(err);
		err.println("looptrace " + command + ": cancelled, ended " + when);
		Runtime.getRuntime().exit(EXIT_STATUS);
	}

	/**
	 * The exit status of {@code process}, once it ended; on Ctrl-C, asks it to stop (SIGTERM, which
	 * mpirun passes to its ranks), waits for it and throws {@link CancellationException}.
	 */
	static int waitFor(Process process) throws InterruptedException {
		while (!process.waitFor(100, TimeUnit.MILLISECONDS)) {
			if (pressed) {
				process.destroy();
				process.waitFor();
			}
		}
		PROGRESS.checkCancelled();
		return process.exitValue();
	}
}
