// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.io.PrintStream;

import org.looptrace.model.core.Progress;

/**
 * A one-line progress bar on a terminal, redrawn at most ten times a second, cancelled by Ctrl-C or
 * SIGTERM ({@link Signals}); it is no longer drawn once one came, and {@link Main} erases it before
 * saying so.
 */
public final class TerminalProgress implements Progress {

	private final PrintStream err;
	private String task = "";
	private long total;
	private long done;
	private long drawn;
	/** Whether the bar is on the terminal's last line: erased once, not over a line printed since. */
	private boolean shown;

	private TerminalProgress(PrintStream err) {
		this.err = err;
	}

	/** The progress of a command's long work: a bar on {@code err} when on a terminal, else only the signals' cancellation. */
	public static Progress of(PrintStream err) {
		return onTerminal() ? new TerminalProgress(err) : Signals.PROGRESS;
	}

	private static boolean onTerminal() {
		return System.console() != null;
	}

	@Override
	public synchronized void begin(String task, long totalWork) {
		this.task = task;
		this.total = totalWork;
		this.done = 0;
		draw();
	}

	@Override
	public synchronized void worked(long work) {
		done += work;
		if (System.nanoTime() - drawn > 100_000_000L || done == total) {
			draw();
		}
	}

	@Override
	public boolean isCancelled() {
		return Signals.received();
	}

	private void draw() {
		if (Signals.received()) {
			return;
		}
		drawn = System.nanoTime();
		String line;
		if (total > 0) {
			int width = 30;
			int filled = (int) Math.min(width, done * width / total);
			line = String.format("%s [%s%s] %d/%d", task, "#".repeat(filled), " ".repeat(width - filled), done, total);
		} else if (done == 0) {
			line = task;
		} else {
			line = String.format("%s: %,d", task, done);
		}
		err.print("\r" + line + "\033[K");
		err.flush();
		shown = true;
	}

	/** Erases the bar, before the command prints its result. */
	synchronized void clear() {
		if (shown) {
			erase(err);
			shown = false;
		}
	}

	/** Erases the line of a bar on {@code err}, if there can be one. */
	static void erase(PrintStream err) {
		if (onTerminal()) {
			err.print("\r\033[K");
			err.flush();
		}
	}

	/** Erases the bar when {@code progress} is one, before a command prints a line. */
	public static void clear(Progress progress) {
		if (progress instanceof TerminalProgress bar) {
			bar.clear();
		}
	}
}
