// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;

/** The workbench the tests run in (in its UI thread) and its event loop. */
public final class Workbench {

	private Workbench() {
	}

	/** The active page of the active workbench window. */
	public static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	/**
	 * Runs the event loop until the condition holds (jobs, reconcilers and markers update
	 * asynchronously), failing with {@code failure} when it still does not after {@code millis}.
	 */
	public static void waitUntil(long millis, BooleanSupplier condition, Supplier<String> failure) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + millis;
		while (!condition.getAsBoolean()) {
			assertTrue(System.currentTimeMillis() < end, failure);
			if (!display.readAndDispatch()) {
				display.timerExec(50, () -> { });
				display.sleep();
			}
		}
	}

	/** {@link #waitUntil(long, BooleanSupplier, Supplier)} with a failure message known beforehand. */
	public static void waitUntil(long millis, BooleanSupplier condition, String failure) {
		waitUntil(millis, condition, () -> failure);
	}

	/** Runs the event loop for a while, for what has no visible end to wait for. */
	public static void runEventLoop(long millis) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + millis;
		while (System.currentTimeMillis() < end) {
			if (!display.readAndDispatch()) {
				display.timerExec(20, () -> { });
				display.sleep();
			}
		}
	}

	/** How many shells are visible: a dialog opened shows as one more. */
	public static long visibleShells() {
		return Arrays.stream(Display.getCurrent().getShells()).filter(Shell::isVisible).count();
	}
}
