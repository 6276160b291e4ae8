// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.views;

import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.texteditor.ITextEditor;
import org.looptrace.ui.ModelViews;

/**
 * The life cycle a view of a model shares with the others: it follows the selections of its page
 * (the caret of the model editor, the resources chosen in the Project Explorer) from its creation
 * to its disposal, computes what it shows in one job at a time (a new one cancels the one before,
 * and only the latest one's updates reach the view), and cancels its job when disposed. What the
 * view follows, computes and draws stays the view's own.
 */
public final class ModelViewSupport {

	/** How many lines of a problem (a bad model, bad traces) a view's message shows. */
	public static final int MESSAGE_LINES = 6;

	/** What a view's job computes, out of the UI thread. */
	@FunctionalInterface
	public interface Work {
		/**
		 * Computes what the view shows and hands it to {@code ui}, which runs it in the UI thread
		 * unless a newer job was started or the view is gone. Cancelled, it returns the cancel status
		 * or throws {@link CancellationException} or {@link OperationCanceledException}.
		 */
		IStatus run(@Nullable IProgressMonitor monitor, Consumer<Runnable> ui);
	}

	private final IWorkbenchPart view;
	private final Object family;
	private final Supplier<@Nullable Control> control;
	private final ISelectionListener follower;
	private final ModelViews.Updates updates = new ModelViews.Updates();
	private @Nullable Job job;

	/**
	 * @param view     the view
	 * @param family   the family of the view's jobs, for tests to wait on
	 * @param control  the control of the view whose disposal drops the updates of the jobs
	 * @param follower what the view does with a selection of its page
	 */
	public ModelViewSupport(IWorkbenchPart view, Object family, Supplier<@Nullable Control> control, ISelectionListener follower) {
		this.view = view;
		this.family = family;
		this.control = control;
		this.follower = follower;
	}

	/**
	 * Starts following the selections of the page (post selections: not at every key typed), from
	 * the selection of the active model editor now or, with {@code activePart}, of the active part
	 * when it is another than the view.
	 */
	public void follow(boolean activePart) {
		IWorkbenchPage page = view.getSite().getPage();
		page.addPostSelectionListener(follower);
		IWorkbenchPart active = page.getActivePart();
		if (activePart && active != null && active != view && active.getSite().getSelectionProvider() != null) {
			follower.selectionChanged(active, active.getSite().getSelectionProvider().getSelection());
		} else if (page.getActiveEditor() instanceof ITextEditor editor && editor.getSite().getSelectionProvider() != null) {
			follower.selectionChanged(editor, editor.getSite().getSelectionProvider().getSelection());
		}
	}

	/** Cancels the job running, then computes in a new one (shown busy in the view). */
	public void compute(String name, Work work) {
		Job previous = job;
		if (previous != null) {
			previous.cancel();
		}
		long request = updates.request();
		Job next = new Job(name) {
			@Override
			protected IStatus run(@Nullable IProgressMonitor monitor) {
				try {
					return work.run(monitor, update -> updates.async(control.get(), request, update));
				} catch (CancellationException | OperationCanceledException e) {
					return Status.CANCEL_STATUS;
				}
			}

			@Override
			public boolean belongsTo(@Nullable Object jobFamily) {
				return jobFamily == family;
			}
		};
		next.addJobChangeListener(new JobChangeAdapter() {
			@Override
			public void done(@Nullable IJobChangeEvent event) {
				// cancelled (from the Progress view, maybe before it ran) or broken, the job showed nothing:
				// the view is not busy any more, so the next request computes again
				updates.async(control.get(), request, ModelViewSupport.this::done);
			}
		});
		job = next;
		ModelViews.schedule(view.getSite(), next);
	}

	/** Whether a job was started and has neither ended nor been marked {@link #done()}. */
	public boolean busy() {
		return job != null;
	}

	/** Marks the job done: what it computed (or its failure) is shown. */
	public void done() {
		job = null;
	}

	/** Stops following the page and cancels the job running: the view is disposed. */
	public void dispose() {
		view.getSite().getPage().removePostSelectionListener(follower);
		Job running = job;
		if (running != null) {
			running.cancel();
		}
	}

	/**
	 * Makes the message line of a view on top of its body (laid out by a grid), saying {@code empty}
	 * until the view shows something.
	 */
	public static Label statusLabel(Composite body, String empty) {
		Label label = new Label(body, SWT.WRAP);
		label.setText(empty);
		GridDataFactory.fillDefaults().grab(true, false).indent(8, 6).hint(200, SWT.DEFAULT).applyTo(label);
		return label;
	}

	/**
	 * Shows a message in a view's message line (an ampersand is shown as such, not as a mnemonic),
	 * then lays out again its parent or, when the label sits in a row of fields, the whole view
	 * ({@code wholeView}: the parent of that row, with every descendant).
	 */
	public static void status(@Nullable Label label, String text, boolean wholeView) {
		if (label == null || label.isDisposed()) {
			return;
		}
		label.setText(text.replace("&", "&&"));
		if (wholeView) {
			label.getParent().getParent().layout(true, true);
		} else {
			label.getParent().layout(true);
		}
	}

	/** The text of a view's message line, empty before the view has one. */
	public static String statusText(@Nullable Label label) {
		return label == null ? "" : label.getText();
	}
}
