// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.views;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.model.core.AtomicWrite;
import org.looptrace.model.core.Progress;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.MonitorProgress;

/**
 * The export of what a view shows, in a job of its own with progress and Cancel, written whole or
 * not at all ({@link AtomicWrite}): cancelled or failed, it leaves no file behind and the file it was
 * to replace as it was. A picture of thousands of ranks, or the CSV of millions of rows, takes
 * seconds: the workbench stays responsive meanwhile.
 */
public class ExportJob extends Job {

	/** The family of the export jobs, for tests to wait on. */
	public static final Object FAMILY = new Object();

	/** What an export writes into its file. */
	@FunctionalInterface
	public interface Content {
		/** Writes into {@code out}, reporting to {@code progress} and stopping when it is cancelled. */
		void writeTo(OutputStream out, Progress progress) throws IOException;
	}

	private final Path target;
	private final String failed;
	private final Content content;

	/**
	 * The export of what a view shows into {@code target}.
	 *
	 * @param name   the job's name
	 * @param failed the message of a failure: {0} the file, {1} why
	 */
	public ExportJob(String name, String failed, Path target, Content content) {
		super(name);
		this.target = target.toAbsolutePath();
		this.failed = failed;
		this.content = content;
		setUser(true);
	}

	@Override
	public boolean belongsTo(@Nullable Object family) {
		return family == FAMILY;
	}

	@Override
	protected IStatus run(@Nullable IProgressMonitor monitor) {
		Progress progress = new MonitorProgress(monitor, getName());
		try {
			// first what an export or a run ended by a kill left beside the target
			AtomicWrite.recover(target.getParent());
			AtomicWrite.file(target, out -> content.writeTo(out, progress), progress);
		} catch (CancellationException | OperationCanceledException e) {
			return Status.CANCEL_STATUS;
		} catch (IOException e) {
			// the workbench shows the failure of a user's job in a dialog
			return Status.error(NLS.bind(failed, target, e.getMessage()), e);
		}
		ModelViews.refresh(target);
		return Status.OK_STATUS;
	}
}
