// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;

import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM (what {@code kill} and batch schedulers at a job's time limit send) on
 * a running command. The first cancels the command's {@link Progress}: the engine stops at its next
 * check and the command unwinds through its {@code finally} blocks, which delete the outputs it was
 * writing, to {@code looptrace <command>: cancelled} and exit status 128 + the signal's number (130
 * for Ctrl-C, 143 for SIGTERM), as shells report a process the signal ended. A command still running
 * {@link #GRACE} later, or a second signal, ends the JVM at once, with the same status, through the
 * shutdown hooks that delete those outputs.
 * <p>
 * A shutdown hook alone cannot let the command unwind: once the JVM stops, the other hooks (the
 * deletion of the outputs among them) run while the command still writes, and a second Ctrl-C cannot
 * cut the wait short. {@link Signal} (module jdk.unsupported, there for this use) keeps the JVM
 * running meanwhile. The state is the process's, as the signals are: only {@link Main#main} installs
 * the handlers, so commands run in process ({@link Main#run}) are never cancelled by them.
 */
public final class Signals {

	/** How long the first signal waits for the command to stop before the JVM is ended. */
	public static final Duration GRACE = Duration.ofSeconds(5);

	/** The exit status of a command cancelled without a signal (its thread interrupted), as for Ctrl-C. */
	private static final int INTERRUPTED_STATUS = 130;

	/**
	 * Progress that reports nothing and is cancelled by Ctrl-C or SIGTERM: for work shown without a
	 * progress bar, or inside work whose bar counts larger steps (the benchmarks').
	 */
	public static final Progress PROGRESS = Progress.cancelledWhen(Signals::received);

	/** The signal that cancelled the command, the first one received. */
	private static volatile @Nullable Signal first;

	private Signals() {
	}

	/**
	 * Handles Ctrl-C and SIGTERM for the rest of the JVM's life, for the command named
	 * {@code command}; where the JVM does not let a signal be handled (-Xrs), it keeps ending the JVM
	 * at once.
	 */
	static void handle(String command, PrintStream err) {
		for (String name : new String[] { "INT", "TERM" }) {
			try {
				Signal.handle(new Signal(name), signal -> cancel(signal, command, err));
			} catch (IllegalArgumentException e) {
				// the signal is the JVM's own: its default handling stays
			}
		}
	}

	private static void cancel(Signal signal, String command, PrintStream err) {
		if (first != null) {
			end(command, "at the second " + (signal.getName().equals("INT") ? "Ctrl-C" : "SIG" + signal.getName()), err);
			return;
		}
		first = signal;
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
	}

	/** Whether Ctrl-C was pressed or SIGTERM received: the command is to stop. */
	static boolean received() {
		return first != null;
	}

	/** The exit status of a cancelled command: 128 + the number of the signal that cancelled it. */
	static int exitStatus() {
		Signal cancelling = first;
		return cancelling == null ? INTERRUPTED_STATUS : 128 + cancelling.getNumber();
	}

	/** Ends the JVM; its shutdown hooks delete the outputs being written. */
	private static void end(String command, String when, PrintStream err) {
		TerminalProgress.erase(err);
		err.println("looptrace " + command + ": cancelled, ended " + when);
		Runtime.getRuntime().exit(exitStatus());
	}

	/**
	 * The exit status of {@code process}, once it ended; on Ctrl-C or SIGTERM, asks it to stop
	 * (SIGTERM, which mpirun passes to its ranks and make to its compilers), waits for it and throws
	 * {@link CancellationException}.
	 */
	public static int waitFor(Process process) throws InterruptedException {
		while (!process.waitFor(100, TimeUnit.MILLISECONDS)) {
			if (received()) {
				process.destroy();
				process.waitFor();
			}
		}
		PROGRESS.checkCancelled();
		return process.exitValue();
	}
}
