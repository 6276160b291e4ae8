// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.model.core.Progress;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.MonitorProgress;
import org.looptrace.ui.internal.views.ExportJob;
import org.looptrace.ui.internal.views.ModelViewSupport;

/**
 * The Communication Matrix view: the messages (and bytes) between every pair of ranks of a model,
 * or of the construct at the caret of the model editor, which the view follows. Parsing and
 * counting run in a job; a bad model is a message in the view, not a dialog.
 */
public class MatrixView extends ViewPart {

	/** The view's id in plugin.xml (and in the LoopTrace perspective). */
	public static final String ID = "org.looptrace.timeline.ui.matrixView";

	/** How many rows of the CSV export are written between two looks at Cancel. */
	private static final int ROWS_PER_CHECK = 4096;

	/** The family of the view's jobs, for tests to wait on. */
	static final Object JOB_FAMILY = ID;

	private @Nullable Label status;
	private @Nullable MatrixCanvas canvas;
	private final Action export = new Action(Messages.MatrixView_export) {
		@Override
		public void run() {
			exportWithDialog();
		}
	};
	private final Action showBytes = new Action(Messages.MatrixView_showBytes, IAction.AS_CHECK_BOX) {
		@Override
		public void run() {
			redraw();
		}
	};
	private final ModelViewSupport support = new ModelViewSupport(this, JOB_FAMILY, () -> canvas, this::follow);

	/** The input shown (or being computed): the file, its text and the construct path. */
	private @Nullable ModelFile file;
	private @Nullable String shownText;
	private @Nullable String shownConstruct;
	private boolean shownValid;
	private String shownSummary = Messages.MatrixView_empty;
	private @Nullable MatrixData data;

	@Override
	public void createPartControl(@Nullable Composite parent) {
		if (parent == null) {
			return;
		}
		Composite body = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().spacing(0, 0).applyTo(body);
		status = ModelViewSupport.statusLabel(body, Messages.MatrixView_empty);
		MatrixCanvas heatMap = new MatrixCanvas(body);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(heatMap);
		canvas = heatMap;

		export.setToolTipText(Messages.MatrixView_exportTooltip);
		export.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(ISharedImages.IMG_ETOOL_SAVEAS_EDIT));
		export.setEnabled(false);
		showBytes.setToolTipText(Messages.MatrixView_showBytesTooltip);
		ResourceLocator.imageDescriptorFromBundle(getClass(), "icons/bytes.png").ifPresent(showBytes::setImageDescriptor);
		showBytes.setEnabled(false);
		IToolBarManager toolBar = getViewSite().getActionBars().getToolBarManager();
		toolBar.add(showBytes);
		toolBar.add(export);

		support.follow(false);
	}

	@Override
	public void setFocus() {
		MatrixCanvas heatMap = canvas;
		if (heatMap != null) {
			heatMap.setFocus();
		}
	}

	@Override
	public void dispose() {
		support.dispose();
		super.dispose();
	}

	/** Follows the caret of a model editor: the construct there, or the whole model outside constructs. */
	void follow(@Nullable IWorkbenchPart part, @Nullable ISelection selection) {
		ModelViews.EditorModel model = ModelViews.editorModel(part, selection);
		if (model != null) {
			show(model.model(), model.text(), model.caret());
		}
	}

	/** Shows the matrix of a whole model file, as saved. */
	public void show(IFile model) {
		try {
			ModelFile shown = ModelFile.of(model);
			show(shown, shown.read(), -1);
		} catch (CoreException | IOException e) {
			failed(NLS.bind(Messages.MatrixView_failed, model.getFullPath(), e.getMessage()));
		}
	}

	/**
	 * Shows the matrix of the construct at {@code caret} in the model text (the whole model when
	 * {@code caret} is negative or outside constructs), computed in a job. Nothing is computed again
	 * when the text and the construct are those shown.
	 */
	private void show(ModelFile model, String text, int caret) {
		boolean same = Objects.equals(model, file) && text.equals(shownText) && shownValid;
		String before = shownConstruct;
		support.compute(NLS.bind(Messages.MatrixJob_name, model.name()), (monitor, ui) -> {
			String construct = caret < 0 ? null : EditorServices.constructAt(text, caret).orElse(null);
			if (same && Objects.equals(construct, before)) {
				ui.accept(() -> status(shownSummary)); // over a "computing" of a cancelled job
				return Status.OK_STATUS;
			}
			String title = construct == null ? NLS.bind(Messages.MatrixView_wholeModel, model.label())
					: NLS.bind(Messages.MatrixView_construct, model.label(), construct);
			ui.accept(() -> status(NLS.bind(Messages.MatrixView_computing, title)));
			try {
				MatrixData computed = MatrixData.compute(text, model.location(), construct, new MonitorProgress(monitor, title));
				ui.accept(() -> shown(model, text, construct, title, computed));
			} catch (ModelTextException e) {
				ui.accept(() -> failed(NLS.bind(Messages.MatrixView_invalidModel, model.label(),
						ModelViews.firstLines(e.getMessage(), ModelViewSupport.MESSAGE_LINES))));
			} catch (IllegalArgumentException e) {
				ui.accept(() -> failed(NLS.bind(Messages.MatrixView_failed, title, e.getMessage())));
			}
			return Status.OK_STATUS;
		});
	}

	private void shown(ModelFile model, String text, @Nullable String construct, String title, MatrixData computed) {
		file = model;
		shownText = text;
		shownConstruct = construct;
		shownValid = true;
		data = computed;
		String summary = NLS.bind(Messages.MatrixView_summary,
				new Object[] { title, MatrixCanvas.format(computed.total(false)), computed.talkingRanks() });
		if (computed.messages().isEmpty()) {
			summary = NLS.bind(Messages.MatrixView_noMessages, title);
		} else if (computed.bytes() != null) {
			summary = NLS.bind(Messages.MatrixView_summaryBytes, summary, MatrixCanvas.format(computed.total(true)));
		} else if (computed.bytesProblem() != null) {
			summary = NLS.bind(Messages.MatrixView_bytesProblem, summary, computed.bytesProblem());
		} else {
			summary = NLS.bind(Messages.MatrixView_noBytes, summary);
		}
		shownSummary = summary;
		status(summary);
		export.setEnabled(!computed.messages().isEmpty());
		showBytes.setEnabled(computed.bytes() != null);
		redraw();
	}

	private void failed(String message) {
		shownText = null;
		shownConstruct = null;
		shownValid = false;
		data = null;
		status(message);
		export.setEnabled(false);
		showBytes.setEnabled(false);
		redraw();
	}

	private void status(String text) {
		ModelViewSupport.status(status, text, false);
	}

	private void redraw() {
		MatrixCanvas heatMap = canvas;
		if (heatMap != null && !heatMap.isDisposed()) {
			heatMap.show(data, showBytes.isChecked());
		}
	}

	private void exportWithDialog() {
		MatrixData shown = data;
		ModelFile model = file;
		if (shown == null || model == null) {
			return;
		}
		String construct = shown.construct();
		String name = model.stem() + (construct == null ? "" : "-" + construct) + "-matrix.csv";
		ModelViews.Target target = ModelViews.exportTarget(getSite().getShell(), Messages.MatrixView_exportTitle, name,
				model.location().getParent(), new String[] { "*.csv", "*" }, null);
		if (target != null) {
			export(Path.of(target.file()));
		}
	}

	/**
	 * Starts writing the matrix shown as CSV (the rows of {@code looptrace matrix --csv [--bytes]})
	 * into a file, in a job ({@link ExportJob}).
	 *
	 * @return the job, or null when nothing is shown
	 */
	@Nullable
	Job export(Path target) {
		MatrixData shown = data;
		if (shown == null) {
			return null;
		}
		Job job = new ExportJob(NLS.bind(Messages.MatrixView_exportJob, target), Messages.MatrixView_exportFailed, target,
				(out, progress) -> csv(shown, out, progress));
		ModelViews.schedule(getSite(), job);
		return job;
	}

	private static void csv(MatrixData shown, OutputStream out, Progress progress) throws IOException {
		List<String> lines = shown.csv();
		progress.begin(Messages.MatrixView_exportTitle, lines.size());
		Writer text = new OutputStreamWriter(out, StandardCharsets.UTF_8);
		for (int line = 0; line < lines.size(); line++) {
			text.write(lines.get(line));
			text.write('\n');
			if (line % ROWS_PER_CHECK == ROWS_PER_CHECK - 1) {
				progress.worked(ROWS_PER_CHECK);
				progress.checkCancelled();
			}
		}
		text.flush();
	}

	/** The matrix shown, or null while there is none. */
	@Nullable
	MatrixData data() {
		return data;
	}

	/** The text of the view's status line. */
	String statusText() {
		return ModelViewSupport.statusText(status);
	}

	/** The heat map. */
	@Nullable
	MatrixCanvas canvas() {
		return canvas;
	}

	/** Shows bytes instead of messages, as the tool bar's check box does. */
	void showBytes(boolean byBytes) {
		showBytes.setChecked(byBytes);
		redraw();
	}
}
