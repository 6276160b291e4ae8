// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.IPage;
import org.eclipse.ui.part.PageBookView;

/** The workbench the tests run in (in its UI thread) and its event loop. */
public final class Workbench {

	private Workbench() {
	}

	/** The active page of the active workbench window. */
	public static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	/**
	 * Opens a file of the file system in its editor as File &gt; Open File does: outside the
	 * workspace, the editor's input is the file's store, no workspace file.
	 */
	public static IEditorPart openOutsideWorkspace(Path file) throws PartInitException {
		return IDE.openEditorOnFileStore(page(), EFS.getLocalFileSystem().getStore(file.toUri()));
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

	/**
	 * Starts a job and cancels it as soon as it runs, as Cancel in the Progress view does, then runs
	 * the event loop until it ends, failing when it does not end cancelled within {@code millis}.
	 *
	 * @param start schedules the job and returns it
	 * @return the job
	 */
	public static Job cancelAtOnce(Supplier<@Nullable Job> start, long millis) {
		Job job;
		Job.getJobManager().suspend(); // the job waits until its Cancel is ready, however short it is
		try {
			job = Objects.requireNonNull(start.get(), "no job is started");
			job.addJobChangeListener(new JobChangeAdapter() {
				@Override
				public void running(@Nullable IJobChangeEvent event) {
					job.cancel();
				}
			});
		} finally {
			Job.getJobManager().resume();
		}
		waitUntil(millis, () -> job.getResult() != null, () -> job.getName() + " does not end");
		assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), job.getResult()::toString);
		return job;
	}

	/**
	 * Runs the event loop until the condition holds, failing with {@code failure} when it still does
	 * not after {@code millis}; the longest time one dispatch took, in nanoseconds: how long the
	 * workbench kept the user waiting at most.
	 */
	public static long longestDispatchUntil(long millis, BooleanSupplier condition, String failure) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + millis;
		long longest = 0;
		while (!condition.getAsBoolean()) {
			assertTrue(System.currentTimeMillis() < end, failure);
			long start = System.nanoTime();
			boolean dispatched = display.readAndDispatch();
			longest = Math.max(longest, System.nanoTime() - start);
			if (!dispatched) {
				display.timerExec(5, () -> { });
				display.sleep();
			}
		}
		return longest;
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

	/**
	 * Selects a construct in the Outline of the active editor as a user clicks it there: the
	 * Outline is activated and, once its tree shows the node of the path (at most two levels deep,
	 * which the Outline opens expanded), the node is selected.
	 */
	public static void selectInOutline(String path, long millis) throws PartInitException {
		PageBookView outline = (PageBookView) page().showView(IPageLayout.ID_OUTLINE);
		page().activate(outline);
		TreeItem[] found = new TreeItem[1];
		waitUntil(millis, () -> (found[0] = outlineItem(outline.getCurrentPage(), path)) != null,
				() -> "the Outline shows no construct " + path);
		((ISelectionProvider) outline.getCurrentPage()).setSelection(new StructuredSelection(found[0].getData()));
	}

	private static @Nullable TreeItem outlineItem(@Nullable IPage page, String path) {
		if (page == null || !(page.getControl() instanceof Tree tree)) {
			return null;
		}
		for (TreeItem root : tree.getItems()) {
			for (TreeItem item : Stream.concat(Stream.of(root), Arrays.stream(root.getItems())).toList()) {
				if (item.getData() != null && item.getText().startsWith(path + " ")) {
					return item;
				}
			}
		}
		return null;
	}

	/** The text fields below a control (a wizard's or a preference page's), in the order of the page. */
	public static List<Text> texts(Control control) {
		return controls(control, Text.class);
	}

	/** The controls of a kind below a control, in the order of the page. */
	public static <T extends Control> List<T> controls(Control control, Class<T> kind) {
		List<T> found = new ArrayList<>();
		if (kind.isInstance(control)) {
			found.add(kind.cast(control));
		} else if (control instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				found.addAll(controls(child, kind));
			}
		}
		return found;
	}
}
