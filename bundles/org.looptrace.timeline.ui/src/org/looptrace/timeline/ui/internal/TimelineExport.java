// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.model.core.Progress;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.render.PngRenderer;
import org.looptrace.timeline.render.SvgRenderer;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.MonitorProgress;

/**
 * The Timeline view's export, in a job of its own with progress and Cancel: the picture drawn by the
 * headless renderers of {@code looptrace render} (PNG when the file name ends in {@code .png}, SVG
 * otherwise) into a temporary file beside the target, which replaces the target only once whole.
 * Cancelled or failed, an export leaves no file behind and the file it was to replace as it was. A
 * PNG of thousands of ranks takes seconds to draw and encode: the workbench stays responsive meanwhile.
 */
final class TimelineExport extends Job {

	/** The family of the export jobs, for tests to wait on. */
	static final Object FAMILY = new Object();

	private final Drawing drawing;
	private final TimeColours fills;
	private final Path target;

	/** The export of a drawing, its loop boxes filled with {@code fills}, into {@code target}. */
	TimelineExport(Drawing drawing, TimeColours fills, Path target) {
		super(NLS.bind(Messages.TimelineExport_name, target));
		this.drawing = drawing;
		this.fills = fills;
		this.target = target.toAbsolutePath();
		setUser(true);
	}

	@Override
	public boolean belongsTo(@Nullable Object family) {
		return family == FAMILY;
	}

	@Override
	protected IStatus run(@Nullable IProgressMonitor monitor) {
		try {
			write(new MonitorProgress(monitor, getName()));
		} catch (CancellationException | OperationCanceledException e) {
			return Status.CANCEL_STATUS;
		} catch (IOException e) {
			// the workbench shows the failure of a user's job in a dialog
			return Status.error(NLS.bind(Messages.TimelineView_exportFailed, target, e.getMessage()), e);
		}
		ModelViews.refresh(target);
		return Status.OK_STATUS;
	}

	private void write(Progress progress) throws IOException {
		Path part = Files.createTempFile(target.getParent(), "." + target.getFileName() + "-", ".part");
		try {
			if (String.valueOf(target.getFileName()).toLowerCase(Locale.ROOT).endsWith(".png")) {
				if (System.getProperty("java.awt.headless") == null) {
					// the picture is painted off screen: AWT must not open a connection to the display SWT uses
					System.setProperty("java.awt.headless", "true");
				}
				Files.write(part, PngRenderer.render(drawing, fills, progress));
			} else {
				Files.writeString(part, SvgRenderer.render(drawing, fills, progress), StandardCharsets.UTF_8);
			}
			progress.checkCancelled(); // cancelled while the bytes were written: the target stays as it was
			try {
				Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			} catch (AtomicMoveNotSupportedException e) {
				Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
			}
		} finally {
			Files.deleteIfExists(part);
		}
	}
}
