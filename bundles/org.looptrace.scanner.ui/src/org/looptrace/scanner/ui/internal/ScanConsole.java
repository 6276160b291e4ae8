// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.swt.graphics.Color;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.IConsoleManager;
import org.eclipse.ui.console.MessageConsole;
import org.eclipse.ui.console.MessageConsoleStream;
import org.looptrace.scanner.ui.ScannerUi;

/**
 * The console "LoopTrace Scanner" the launches print their summaries and errors to: one console
 * for all launches, found by name (created the first time), shown on each launch.
 */
final class ScanConsole {

	/** Red without a device: the streams are coloured from the job's thread. */
	private static final Color RED = new Color(200, 0, 0);

	private final MessageConsoleStream out;
	private final MessageConsoleStream err;

	private ScanConsole(MessageConsole console) {
		this.out = console.newMessageStream();
		this.err = console.newMessageStream();
		err.setColor(RED);
	}

	/** The console, added to the console manager if it is not there yet, and brought to the front. */
	static synchronized ScanConsole show() {
		IConsoleManager manager = ConsolePlugin.getDefault().getConsoleManager();
		MessageConsole found = null;
		for (IConsole existing : manager.getConsoles()) {
			if (existing instanceof MessageConsole message && ScannerUi.CONSOLE_NAME.equals(existing.getName())) {
				found = message;
			}
		}
		if (found == null) {
			found = new MessageConsole(ScannerUi.CONSOLE_NAME, ScannerImages.descriptor(ScannerImages.SCANNER));
			manager.addConsoles(new IConsole[] { found });
		}
		manager.showConsoleView(found);
		return new ScanConsole(found);
	}

	/** Prints a line in the console's normal colour. */
	void print(String line) {
		out.println(line);
	}

	/** Prints a line in red. */
	void error(String line) {
		err.println(line);
	}
}
