// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.preferences.IEclipsePreferences.IPreferenceChangeListener;
import org.eclipse.core.runtime.preferences.IEclipsePreferences.PreferenceChangeEvent;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.layout.TreeColumnLayout;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.DoubleClickEvent;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;
import org.looptrace.analysis.collectives.GroupPattern;
import org.looptrace.analysis.collectives.Occurrence;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.EditorServices.TextRange;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.MonitorProgress;
import org.looptrace.ui.internal.views.ExportJob;
import org.looptrace.ui.internal.views.ModelViewSupport;

/**
 * The Patterns view: the groups of point-to-point messages that resemble collective operations or
 * shapes in a trace folder or model (chosen in the Project Explorer, or open in the model editor,
 * which the view follows), as {@code looptrace patterns} finds them; each expands to its
 * occurrences and their sends, and a double click selects the send in the model editor (and so in
 * the timeline, which follows the editor). Computed in a job; a bad model or folder is a message in
 * the view, not a dialog.
 */
public class PatternsView extends ViewPart {

	/** The view's id in plugin.xml. */
	public static final String ID = "org.looptrace.analysis.ui.patternsView";

	/** The family of the view's jobs, for tests to wait on. */
	static final Object JOB_FAMILY = ID;

	/** A row of the tree: a pattern, the sum of its occurrences. */
	record PatternRow(GroupPattern pattern) {
	}

	/** A row of the tree: one place where a pattern was found ({@code index} in the model order of every place). */
	record OccurrenceRow(PatternRow parent, int index, Occurrence occurrence) {
	}

	/** A row of the tree: one send of an occurrence. */
	record SendRow(OccurrenceRow parent, String path) {
	}

	private @Nullable Label status;
	private @Nullable TreeViewer viewer;
	private final Action refresh = new Action(Messages.PatternsView_refresh) {
		@Override
		public void run() {
			refresh();
		}
	};
	private final Action useContext = new Action(Messages.PatternsView_useContext, IAction.AS_CHECK_BOX) {
		@Override
		public void run() {
			PatternPreferences.set(PatternPreferences.USE_CONTEXT, isChecked());
		}
	};
	private final Action export = new Action(Messages.PatternsView_export) {
		@Override
		public void run() {
			exportWithDialog();
		}
	};
	private final Action markers = new Action(Messages.PatternsView_markers, IAction.AS_CHECK_BOX) {
		@Override
		public void run() {
			PatternPreferences.set(PatternPreferences.EDITOR_MARKERS, isChecked());
		}
	};
	private final IPreferenceChangeListener preferences = this::preferenceChanged;
	private final ModelViewSupport support = new ModelViewSupport(this, JOB_FAMILY, this::control, this::follow);

	/**
	 * The input shown (or being computed): a trace folder (null for a model file), the model file or
	 * the folder's model, and the model's text (null for a folder).
	 */
	private @Nullable IContainer folder;
	private @Nullable ModelFile model;
	private @Nullable String inputText;
	private @Nullable PatternsData data;

	@Override
	public void createPartControl(@Nullable Composite parent) {
		if (parent == null) {
			return;
		}
		Composite body = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().spacing(0, 4).applyTo(body);
		status = ModelViewSupport.statusLabel(body, Messages.PatternsView_empty);
		// the columns share the view's width (each down to its minimum), so every column stays in sight
		Composite columns = new Composite(body, SWT.NONE);
		TreeColumnLayout widths = new TreeColumnLayout(true);
		columns.setLayout(widths);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(columns);
		TreeViewer tree = new TreeViewer(columns, SWT.FULL_SELECTION | SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
		tree.getTree().setHeaderVisible(true);
		tree.getTree().setLinesVisible(true);
		tree.setUseHashlookup(true);
		LocalResourceManager images = new LocalResourceManager(JFaceResources.getResources(), tree.getControl());
		ImageDescriptor patternImage = image("icons/patterns.png");
		Image pattern = patternImage == null ? null : images.create(patternImage);
		column(tree, widths, Messages.PatternsView_kind, new ColumnWeightData(34, 120), SWT.LEFT, new ColumnLabelProvider() {
			@Override
			public String getText(@Nullable Object row) {
				return row == null ? "" : kindText(row);
			}

			@Override
			public @Nullable Image getImage(@Nullable Object row) {
				return row instanceof PatternRow ? pattern : null;
			}
		});
		column(tree, widths, Messages.PatternsView_root, new ColumnWeightData(8, 45), SWT.RIGHT, cell(1));
		column(tree, widths, Messages.PatternsView_group, new ColumnWeightData(18, 60), SWT.LEFT, cell(2));
		column(tree, widths, Messages.PatternsView_context, new ColumnWeightData(20, 60), SWT.LEFT, cell(3));
		column(tree, widths, Messages.PatternsView_occurrences, new ColumnWeightData(14, 90), SWT.RIGHT, cell(4));
		tree.setContentProvider(new Rows());
		tree.addDoubleClickListener(this::doubleClicked);
		viewer = tree;

		refresh.setImageDescriptor(image("icons/refresh.png"));
		refresh.setEnabled(false);
		useContext.setToolTipText(Messages.PatternsView_useContextTooltip);
		useContext.setImageDescriptor(image("icons/context.png"));
		useContext.setChecked(PatternPreferences.get(PatternPreferences.USE_CONTEXT));
		export.setToolTipText(Messages.PatternsView_exportTooltip);
		export.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(ISharedImages.IMG_ETOOL_SAVEAS_EDIT));
		export.setEnabled(false);
		markers.setToolTipText(Messages.PatternsView_markersTooltip);
		markers.setChecked(PatternPreferences.get(PatternPreferences.EDITOR_MARKERS));
		IToolBarManager toolBar = getViewSite().getActionBars().getToolBarManager();
		toolBar.add(refresh);
		toolBar.add(useContext);
		toolBar.add(export);
		getViewSite().getActionBars().getMenuManager().add(markers);
		PatternPreferences.node().addPreferenceChangeListener(preferences);
		support.follow(true);
	}

	private static @Nullable ImageDescriptor image(String path) {
		return ResourceLocator.imageDescriptorFromBundle(PatternsView.class, path).orElse(null);
	}

	private static void column(TreeViewer tree, TreeColumnLayout widths, String title, ColumnWeightData width, int alignment,
			ColumnLabelProvider cells) {
		TreeViewerColumn column = new TreeViewerColumn(tree, alignment);
		column.getColumn().setText(title);
		widths.setColumnData(column.getColumn(), width);
		column.getColumn().setMoveable(true);
		column.setLabelProvider(cells);
	}

	/** The cells of a column of {@link #cells(Object)}. */
	private static ColumnLabelProvider cell(int index) {
		return new ColumnLabelProvider() {
			@Override
			public String getText(@Nullable Object row) {
				return row == null ? "" : cells(row)[index];
			}
		};
	}

	@Override
	public void setFocus() {
		TreeViewer tree = viewer;
		if (tree != null) {
			tree.getControl().setFocus();
		}
	}

	@Override
	public void dispose() {
		support.dispose();
		PatternPreferences.node().removePreferenceChangeListener(preferences);
		super.dispose();
	}

	/**
	 * Follows the model editor (its text, saved or not) and the trace folders and models selected in
	 * other views. The model of the folder shown, opened to reveal a send, is that folder's: it
	 * changes nothing.
	 */
	void follow(@Nullable IWorkbenchPart part, @Nullable ISelection selection) {
		if (part == this) {
			return;
		}
		ModelViews.EditorModel editor = ModelViews.editorModel(part, selection);
		if (editor != null) {
			IContainer shown = folder;
			if (!(shown != null && modelOf(shown).equals(editor.model().file()))) {
				show(null, editor.model(), editor.text(), false);
			}
		} else if (selection instanceof IStructuredSelection chosen && chosen.size() == 1) {
			IResource resource = Adapters.adapt(chosen.getFirstElement(), IResource.class);
			if (resource != null && (isModel(resource) || isTraceFolder(resource))) {
				show(resource);
			}
		}
	}

	/** Shows the patterns of a model file (its text in an open editor, else as saved) or of a trace folder. */
	public void show(IResource resource) {
		IPath location = resource.getLocation();
		if (location == null) {
			failed(NLS.bind(Messages.PatternsView_failed, resource.getFullPath(), Messages.PatternsView_notLocal));
		} else if (resource instanceof IContainer trace) {
			show(trace, new ModelFile(location.toPath().resolve(LoopTraceUi.MODEL_FILE), modelOf(trace)), null, false);
		} else if (resource instanceof IFile file) {
			show(new ModelFile(location.toPath(), file), false);
		}
	}

	/** Shows the patterns of a model file, its text in an open editor, else as saved. */
	private void show(ModelFile shown, boolean again) {
		try {
			show(null, shown, textOf(shown), again);
		} catch (CoreException | IOException e) {
			folder = null;
			model = shown;
			failed(NLS.bind(Messages.PatternsView_failed, shown.label(), e.getMessage()));
		}
	}

	/** The text of a model in its editor, or as saved when no editor has it open. */
	private String textOf(ModelFile modelFile) throws CoreException, IOException {
		for (IEditorReference reference : getSite().getPage().findEditors(modelFile.editorInput(), null, IWorkbenchPage.MATCH_INPUT)) {
			if (reference.getEditor(false) instanceof ITextEditor editor && editor.getDocumentProvider() != null) {
				IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
				if (document != null) {
					return document.get();
				}
			}
		}
		return modelFile.read();
	}

	/** Looks for the patterns again, with the text of the model as it is now. */
	void refresh() {
		ModelFile shown = model;
		IContainer trace = folder;
		if (shown != null && trace != null) {
			show(trace, shown, null, true);
		} else if (shown != null) {
			show(shown, true);
		}
	}

	private void preferenceChanged(PreferenceChangeEvent event) {
		PlatformUI.getWorkbench().getDisplay().asyncExec(() -> {
			TreeViewer tree = viewer;
			if (tree == null || tree.getControl().isDisposed()) {
				return;
			}
			markers.setChecked(PatternPreferences.get(PatternPreferences.EDITOR_MARKERS));
			boolean context = PatternPreferences.get(PatternPreferences.USE_CONTEXT);
			useContext.setChecked(context);
			PatternsData shown = data;
			if (shown != null && shown.useContext() != context) {
				refresh();
			}
		});
	}

	/**
	 * Finds the patterns of model text, or of a trace folder ({@code text} null), in a job. Nothing is
	 * computed again for the input and options shown, unless {@code again}.
	 *
	 * @param trace     the trace folder, or null for model text
	 * @param modelFile the model file, or the folder's model
	 */
	private void show(@Nullable IContainer trace, ModelFile modelFile, @Nullable String text, boolean again) {
		boolean context = useContext.isChecked();
		PatternsData shown = data;
		if (!again && Objects.equals(trace, folder) && Objects.equals(modelFile, model) && Objects.equals(text, inputText) && (support.busy()
				|| shown != null && shown.useContext() == context)) {
			return;
		}
		folder = trace;
		model = modelFile;
		inputText = text;
		refresh.setEnabled(true);
		String name = inputName();
		String jobName = NLS.bind(Messages.PatternsJob_name, trace != null ? trace.getName() : modelFile.name());
		support.compute(jobName, (monitor, ui) -> {
			ui.accept(() -> status(NLS.bind(Messages.PatternsView_computing, name)));
			MonitorProgress progress = new MonitorProgress(monitor, jobName);
			try {
				PatternsData computed = text != null ? PatternsData.ofModel(text, modelFile.name(), context, progress)
						: PatternsData.ofFolder(modelFile.location().getParent(), folderModel(modelFile), context, progress);
				IFile file = modelFile.file();
				if (text != null && file != null) {
					PatternMarkers.analysed(file, text, computed, monitor); // outside the workspace: no markers
				}
				ui.accept(() -> shown(computed));
			} catch (ModelTextException e) {
				ui.accept(() -> failed(NLS.bind(Messages.PatternsView_invalidModel, name,
						ModelViews.firstLines(e.getMessage(), ModelViewSupport.MESSAGE_LINES))));
			} catch (TraceFormatException | InconsistentTraceException e) {
				ui.accept(() -> failed(NLS.bind(Messages.PatternsView_badTraces, name,
						ModelViews.firstLines(e.getMessage(), ModelViewSupport.MESSAGE_LINES))));
			} catch (CancellationException e) {
				return Status.CANCEL_STATUS; // an IllegalStateException, but no failure
			} catch (IOException | IllegalStateException | IllegalArgumentException e) {
				ui.accept(() -> failed(NLS.bind(Messages.PatternsView_failed, name, e.getMessage())));
			}
			return Status.OK_STATUS;
		});
	}

	private @Nullable Control control() {
		TreeViewer tree = viewer;
		return tree == null ? null : tree.getControl();
	}

	/** How messages name the input: the folder's path in the workspace, or the model's. */
	private String inputName() {
		IContainer trace = folder;
		return trace != null ? trace.getFullPath().toString() : Objects.requireNonNull(model).label();
	}

	private void shown(PatternsData computed) {
		support.done();
		data = computed;
		String name = inputName();
		String context = computed.useContext() ? Messages.PatternsView_withContext : Messages.PatternsView_withoutContext;
		status(computed.patterns().isEmpty() ? NLS.bind(Messages.PatternsView_none, name, context)
				: MessageFormat.format(Messages.PatternsView_summary, name, computed.patterns().size(),
						computed.found().occurrences().size(), context));
		export.setEnabled(true);
		TreeViewer tree = viewer;
		if (tree != null) {
			tree.setInput(computed);
		}
	}

	private void failed(String message) {
		support.done();
		data = null;
		status(message);
		export.setEnabled(false);
		TreeViewer tree = viewer;
		if (tree != null && !tree.getControl().isDisposed()) {
			tree.setInput(null);
		}
	}

	private void status(String text) {
		ModelViewSupport.status(status, text, false);
	}

	/** The first column: the pattern's kind, where an occurrence is, which send. */
	private String kindText(Object row) {
		if (row instanceof SendRow send) {
			PatternsData shown = data;
			String line = shown == null ? null : shown.firstLine(send.path());
			String path = NLS.bind(Messages.PatternsView_send, send.path());
			return line == null ? path : NLS.bind(Messages.PatternsView_sendText, path, line);
		}
		return cells(row)[0];
	}

	/** The cells of a pattern or occurrence row: kind (or where), root, group, context, occurrences. */
	private static String[] cells(Object row) {
		if (row instanceof PatternRow pattern) {
			return cells(pattern.pattern(), pattern.pattern().kind());
		}
		if (row instanceof OccurrenceRow occurrence) {
			List<String> loops = occurrence.occurrence().loops();
			String where = loops.isEmpty() ? Messages.PatternsView_topLevel
					: NLS.bind(Messages.PatternsView_inLoops, String.join(" \u203a ", loops));
			return cells(occurrence.occurrence().pattern(), where);
		}
		return new String[] { "", "", "", "", "" };
	}

	private static String[] cells(GroupPattern pattern, String first) {
		return new String[] { first, pattern.rootText(), pattern.group().toString(), pattern.context(),
				Long.toString(pattern.occurrences()) };
	}

	/** The rows: patterns, their occurrences, their sends. */
	private static final class Rows implements ITreeContentProvider {

		private @Nullable PatternsData shown;

		@Override
		public void inputChanged(@Nullable Viewer viewer, @Nullable Object before, @Nullable Object after) {
			shown = after instanceof PatternsData patterns ? patterns : null;
		}

		@Override
		public Object[] getElements(@Nullable Object patterns) {
			return children(null).toArray();
		}

		@Override
		public Object[] getChildren(@Nullable Object row) {
			return children(row).toArray();
		}

		/** The patterns (of null), the occurrences of a pattern, the sends of an occurrence. */
		private List<?> children(@Nullable Object row) {
			PatternsData patterns = shown;
			if (patterns == null) {
				return List.of();
			}
			if (row == null) {
				return patterns.patterns().stream().map(PatternRow::new).toList();
			}
			if (row instanceof PatternRow pattern) {
				List<OccurrenceRow> rows = new ArrayList<>();
				List<Occurrence> all = patterns.found().occurrences();
				for (int i = 0; i < all.size(); i++) {
					if (PatternsData.samePattern(all.get(i).pattern(), pattern.pattern())) {
						rows.add(new OccurrenceRow(pattern, i, all.get(i)));
					}
				}
				return rows;
			}
			if (row instanceof OccurrenceRow occurrence) {
				return occurrence.occurrence().constructs().stream().map(path -> new SendRow(occurrence, path)).toList();
			}
			return List.of();
		}

		@Override
		public @Nullable Object getParent(@Nullable Object row) {
			if (row instanceof SendRow send) {
				return send.parent();
			}
			return row instanceof OccurrenceRow occurrence ? occurrence.parent() : null;
		}

		@Override
		public boolean hasChildren(@Nullable Object row) {
			return row instanceof PatternRow || row instanceof OccurrenceRow occurrence && !occurrence.occurrence().constructs().isEmpty();
		}
	}

	private void doubleClicked(DoubleClickEvent event) {
		TreeViewer tree = Objects.requireNonNull(viewer);
		Object row = event.getSelection() instanceof IStructuredSelection chosen ? chosen.getFirstElement() : null;
		if (row instanceof PatternRow) {
			tree.setExpandedState(row, !tree.getExpandedState(row));
		} else if (row instanceof OccurrenceRow occurrence && !occurrence.occurrence().constructs().isEmpty()) {
			reveal(occurrence.occurrence().constructs().get(0));
		} else if (row instanceof SendRow send) {
			reveal(send.path());
		}
	}

	/**
	 * Selects a construct of the model shown in the model editor (for a trace folder, in the model
	 * "Model traces" wrote into it), opening and activating the editor: the timeline, which follows
	 * the editor, highlights it.
	 */
	void reveal(String path) {
		ModelFile shown = model;
		PatternsData patterns = data;
		if (shown == null || patterns == null) {
			return;
		}
		IContainer trace = folder;
		if (trace != null && !modelOf(trace).exists()) {
			status(NLS.bind(Messages.PatternsView_noModel, trace.getFullPath(), LoopTraceUi.MODEL_FILE));
			return;
		}
		try {
			TextRange range = (patterns.text() != null ? patterns.ranges() : EditorServices.constructRanges(textOf(shown))).get(path);
			if (range == null) {
				status(NLS.bind(Messages.PatternsView_noConstruct, path, shown.label()));
				return;
			}
			ModelViews.reveal(getSite().getPage(), shown, range.offset(), range.length(), true);
		} catch (CoreException | IOException e) {
			status(NLS.bind(Messages.PatternsView_openFailed, shown.label(), e.getMessage()));
		}
	}

	private void exportWithDialog() {
		ModelFile shown = model;
		IContainer trace = folder;
		if (data == null || shown == null) {
			return;
		}
		ModelViews.Target target = ModelViews.exportTarget(getSite().getShell(), Messages.PatternsView_exportTitle,
				(trace != null ? trace.getFullPath().removeFileExtension().lastSegment() : shown.stem()) + "-patterns.csv",
				shown.location().getParent(), new String[] { "*.csv", "*" }, null);
		if (target != null) {
			export(Path.of(target.file()));
		}
	}

	/**
	 * Starts writing the patterns shown as CSV (what {@code looptrace patterns --csv} prints) into a
	 * file, in a job ({@link ExportJob}).
	 *
	 * @return the job, or null when nothing is shown
	 */
	@Nullable
	Job export(Path target) {
		PatternsData shown = data;
		if (shown == null) {
			return null;
		}
		Job job = new ExportJob(NLS.bind(Messages.PatternsView_exportJob, target), Messages.PatternsView_exportFailed, target,
				shown::writeCsv);
		ModelViews.schedule(getSite(), job);
		return job;
	}

	/** The text of the model "Model traces" wrote into a trace folder, or null when there is none. */
	private static @Nullable String folderModel(ModelFile modelFile) {
		IFile file = modelFile.file();
		try {
			return file != null && file.exists() ? modelFile.read() : null;
		} catch (CoreException | IOException e) {
			return null; // the sends are shown without their text
		}
	}

	/** The model "Model traces" writes into a trace folder. */
	private static IFile modelOf(IContainer folder) {
		return folder.getFile(IPath.fromOSString(LoopTraceUi.MODEL_FILE));
	}

	private static boolean isModel(IResource resource) {
		return resource instanceof IFile && "loops".equals(resource.getFileExtension());
	}

	/** Whether a folder holds the trace files of a run. */
	private static boolean isTraceFolder(IResource resource) {
		if (!(resource instanceof IContainer folder) || !folder.isAccessible()) {
			return false;
		}
		try {
			for (IResource member : folder.members()) {
				if (member instanceof IFile && TraceFolder.isRunFile(Path.of(member.getName()))) {
					return true;
				}
			}
		} catch (CoreException e) {
			return false;
		}
		return false;
	}

	/** What the view shows, or null while there is nothing. */
	@Nullable
	PatternsData data() {
		return data;
	}

	/** The trace folder or workspace model shown or being computed, or null. */
	@Nullable
	IResource input() {
		IContainer trace = folder;
		ModelFile shown = model;
		return trace != null ? trace : shown == null ? null : shown.file();
	}

	/** Whether a job is computing what the view will show. */
	boolean busy() {
		return support.busy();
	}

	/** The text of the view's status line. */
	String statusText() {
		return ModelViewSupport.statusText(status);
	}

	/** The tree. */
	@Nullable
	TreeViewer viewer() {
		return viewer;
	}

	/** Groups messages by call context or not, as the tool bar's check box does. */
	void useContext(boolean context) {
		useContext.setChecked(context);
		useContext.run();
	}
}
