// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Objects;

import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.layout.TreeColumnLayout;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.DoubleClickEvent;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.ViewPart;
import org.looptrace.lang.ModelTextException;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.TimeProfile;
import org.looptrace.scanner.profile.TimeText;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.MonitorProgress;
import org.looptrace.ui.internal.views.ModelViewSupport;

/**
 * The Profile view: where the time of the run of the model in the active editor goes, construct by
 * construct ({@link TimeProfile}, what {@code looptrace profile} prints), as a tree numbered and
 * labelled as the Outline is: time summed over the ranks, share of the run, MPI time, imbalance,
 * busiest rank and a bar per rank. Columns sort the constructs of each level; the view follows the
 * editor's text and caret (and so the Outline's selection), and a double click selects a construct
 * in the editor. Computed in a job from the data traces of the model's trace folder.
 */
public class ProfileView extends ViewPart {

	/** The view's id in plugin.xml (and in the LoopTrace perspective). */
	public static final String ID = "org.looptrace.scanner.ui.profileView";

	/** The family of the view's jobs, for tests to wait on. */
	static final Object JOB_FAMILY = ID;

	/** Room for the sort indicator beside a column's title. */
	private static final int SORT_INDICATOR = 20;

	/** The columns, in order. */
	enum Column {
		CONSTRUCT, TIME, SHARE, MPI, IMBALANCE, BUSIEST, RANKS
	}

	private @Nullable Label status;
	private @Nullable TreeViewer viewer;
	private final ModelViewSupport support = new ModelViewSupport(this, JOB_FAMILY, this::control, this::follow);
	private final Action refresh = new Action(Messages.ProfileView_refresh) {
		@Override
		public void run() {
			refresh();
		}
	};

	/** The model shown or being computed, and its text. */
	private @Nullable ModelFile file;
	private @Nullable String requestedText;
	/** The caret to select at once the job is done (negative: none). */
	private int pendingCaret = -1;
	private @Nullable ProfileData data;
	private Column sortColumn = Column.CONSTRUCT;
	private boolean ascending = true;

	@Override
	public void createPartControl(@Nullable Composite parent) {
		if (parent == null) {
			return;
		}
		Composite body = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().spacing(0, 4).applyTo(body);
		status = ModelViewSupport.statusLabel(body, Messages.ProfileView_empty);
		Composite columns = new Composite(body, SWT.NONE);
		TreeColumnLayout widths = new TreeColumnLayout(true);
		columns.setLayout(widths);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(columns);
		TreeViewer tree = new TreeViewer(columns, SWT.FULL_SELECTION | SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
		tree.getTree().setHeaderVisible(true);
		tree.getTree().setLinesVisible(true);
		tree.setUseHashlookup(true);
		ColumnViewerToolTipSupport.enableFor(tree);
		column(tree, widths, Column.CONSTRUCT, Messages.ProfileView_construct, new ColumnWeightData(34, 160), SWT.LEFT, null);
		column(tree, widths, Column.TIME, Messages.ProfileView_time, new ColumnWeightData(9, 70), SWT.RIGHT,
				time -> TimeText.of(time.totalTime()));
		column(tree, widths, Column.SHARE, Messages.ProfileView_share, new ColumnWeightData(8, 60), SWT.RIGHT, null);
		column(tree, widths, Column.MPI, Messages.ProfileView_mpi, new ColumnWeightData(9, 70), SWT.RIGHT,
				time -> TimeText.of(time.mpiTime()));
		column(tree, widths, Column.IMBALANCE, Messages.ProfileView_imbalance, new ColumnWeightData(9, 75), SWT.RIGHT,
				time -> String.format(Locale.ROOT, "%.2f", time.imbalance()));
		column(tree, widths, Column.BUSIEST, Messages.ProfileView_busiest, new ColumnWeightData(9, 75), SWT.RIGHT,
				time -> Integer.toString(time.busiest().rank()));
		TreeViewerColumn ranks = column(tree, widths, Column.RANKS, Messages.ProfileView_ranks, new ColumnWeightData(22, 120), SWT.LEFT,
				null);
		ranks.setLabelProvider(new RankBars(() -> data));
		tree.setContentProvider(new Rows());
		tree.setComparator(new ViewerComparator() {
			@Override
			public int compare(@Nullable Viewer viewer, @Nullable Object a, @Nullable Object b) {
				return a instanceof ProfileData.Row first && b instanceof ProfileData.Row second ? ProfileView.this.compare(first, second) : 0;
			}
		});
		tree.addDoubleClickListener(this::doubleClicked);
		viewer = tree;

		refresh.setToolTipText(Messages.ProfileView_refreshTooltip);
		refresh.setImageDescriptor(ScannerImages.descriptor(ScannerImages.REFRESH));
		refresh.setEnabled(false);
		getViewSite().getActionBars().getToolBarManager().add(refresh);
		support.follow(false);
	}

	/** The text of a construct's cell, for constructs some rank runs. */
	@FunctionalInterface
	private interface Cell {
		String of(ConstructTime time);
	}

	/**
	 * A column; its header sorts by it. Its cells: {@code cell} of the construct's time (empty when no
	 * rank runs it), the share of the run for {@link Column#SHARE}; none when null otherwise.
	 */
	private TreeViewerColumn column(TreeViewer tree, TreeColumnLayout widths, Column kind, String title, ColumnWeightData width,
			int alignment, @Nullable Cell cell) {
		TreeViewerColumn column = new TreeViewerColumn(tree, alignment);
		TreeColumn header = column.getColumn();
		header.setText(title);
		header.setToolTipText(title);
		header.setMoveable(kind != Column.CONSTRUCT);
		header.pack(); // no rows yet: the header's own width, which the column never goes below
		widths.setColumnData(header, new ColumnWeightData(width.weight, Math.max(width.minimumWidth, header.getWidth() + SORT_INDICATOR)));
		header.addListener(SWT.Selection, event -> sortBy(kind));
		column.setLabelProvider(new ColumnLabelProvider() {
			@Override
			public String getText(@Nullable Object element) {
				if (!(element instanceof ProfileData.Row row)) {
					return "";
				}
				ConstructTime time = row.time();
				ProfileData shown = data;
				if (kind == Column.CONSTRUCT) {
					return row.toString();
				}
				if (time == null || shown == null) {
					return "";
				}
				if (kind == Column.SHARE) {
					return String.format(Locale.ROOT, "%.1f%%", 100 * shown.share(row));
				}
				return cell == null ? "" : cell.of(time);
			}

			@Override
			public @Nullable String getToolTipText(@Nullable Object element) {
				if (!(element instanceof ProfileData.Row row)) {
					return null;
				}
				if (row.time() == null) {
					return Messages.ProfileView_notRun;
				}
				return kind == Column.CONSTRUCT ? row.toString() : null; // a long event text is cut in its cell
			}
		});
		return column;
	}

	/**
	 * Sorts the constructs of each level by a column: a numeric column first from the largest, the
	 * construct column in model order; the same column again reverses the order.
	 */
	void sortBy(Column column) {
		TreeViewer tree = viewer;
		if (tree == null) {
			return;
		}
		ascending = column == sortColumn ? !ascending : column == Column.CONSTRUCT;
		sortColumn = column;
		TreeColumn header = tree.getTree().getColumn(column.ordinal());
		tree.getTree().setSortColumn(header);
		tree.getTree().setSortDirection(ascending ? SWT.UP : SWT.DOWN);
		tree.refresh();
	}

	/** The order of two constructs of a level by the sort column; ties (constructs no rank runs) in model order. */
	private int compare(ProfileData.Row a, ProfileData.Row b) {
		ConstructTime first = a.time();
		ConstructTime second = b.time();
		ProfileData shown = data;
		int order = 0;
		if (first == null || second == null || shown == null) {
			order = Boolean.compare(first != null, second != null); // constructs no rank runs count as least
		} else {
			order = switch (sortColumn) {
			case CONSTRUCT -> 0;
			case TIME -> Long.compare(first.totalTime(), second.totalTime());
			case SHARE -> Double.compare(shown.share(a), shown.share(b));
			case MPI -> Long.compare(first.mpiTime(), second.mpiTime());
			case IMBALANCE -> Double.compare(first.imbalance(), second.imbalance());
			case BUSIEST -> Integer.compare(first.busiest().rank(), second.busiest().rank());
			case RANKS -> Long.compare(first.busiest().totalTime(), second.busiest().totalTime());
			};
		}
		if (sortColumn == Column.CONSTRUCT || order == 0) {
			order = Integer.compare(a.offset(), b.offset());
			return sortColumn == Column.CONSTRUCT && !ascending ? -order : order;
		}
		return ascending ? order : -order;
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
		super.dispose();
	}

	private @Nullable Control control() {
		TreeViewer tree = viewer;
		return tree == null ? null : tree.getControl();
	}

	/**
	 * Follows the model editor: its text profiled again when it changed, the construct at its caret
	 * (or selected in the Outline, which moves the caret) selected.
	 */
	void follow(@Nullable IWorkbenchPart part, @Nullable ISelection selection) {
		ModelViews.EditorModel editor = ModelViews.editorModel(part, selection);
		if (editor == null) {
			return;
		}
		if (Objects.equals(editor.model(), file) && editor.text().equals(requestedText)) {
			ProfileData shown = data;
			if (shown != null && !support.busy()) {
				select(shown.rowAt(editor.caret()));
			} else {
				pendingCaret = editor.caret();
			}
		} else {
			show(editor.model(), editor.text(), editor.caret());
		}
	}

	/** Reads the data traces again, for the text shown: they may have changed. */
	void refresh() {
		ModelFile model = file;
		String text = requestedText;
		if (model != null && text != null) {
			show(model, text, pendingCaret);
		}
	}

	/** Profiles model text in a job, then selects the construct at {@code caret} (none when negative). */
	private void show(ModelFile model, String text, int caret) {
		file = model;
		requestedText = text;
		pendingCaret = caret;
		refresh.setEnabled(true);
		String name = model.label();
		String jobName = NLS.bind(Messages.ProfileJob_name, model.name());
		support.compute(jobName, (monitor, ui) -> {
			ui.accept(() -> status(NLS.bind(Messages.ProfileView_computing, name)));
			try {
				ProfileData computed = ProfileData.compute(text, model.location(), new MonitorProgress(monitor, jobName));
				ui.accept(() -> shown(computed));
			} catch (ModelTextException e) {
				ui.accept(() -> failed(NLS.bind(Messages.ProfileView_invalidModel, name,
						ModelViews.firstLines(e.getMessage(), ModelViewSupport.MESSAGE_LINES))));
			} catch (TraceFormatException e) {
				ui.accept(() -> failed(NLS.bind(Messages.ProfileView_badData, name, e.getMessage())));
			} catch (IOException | UncheckedIOException | IllegalArgumentException | ArithmeticException e) {
				ui.accept(() -> failed(NLS.bind(Messages.ProfileView_failed, name, e.getMessage())));
			}
			return Status.OK_STATUS;
		});
	}

	private void shown(ProfileData computed) {
		support.done();
		data = computed;
		ModelFile model = Objects.requireNonNull(file);
		TimeProfile profile = computed.profile();
		TreeViewer tree = Objects.requireNonNull(viewer);
		if (profile == null) {
			status(NLS.bind(Messages.ProfileView_noData, model.label(), ModelViews.label(computed.folder())));
			tree.setInput(null);
			return;
		}
		long run = profile.runTimes().values().stream().mapToLong(Long::longValue).sum();
		status(NLS.bind(Messages.ProfileView_summary, new Object[] { model.label(), profile.runTimes().size(), TimeText.of(run),
				ModelViews.label(computed.folder()) }));
		tree.setInput(computed);
		tree.expandToLevel(2);
		if (pendingCaret >= 0) {
			select(computed.rowAt(pendingCaret));
		}
	}

	private void failed(String message) {
		support.done();
		data = null;
		status(message);
		TreeViewer tree = viewer;
		if (tree != null && !tree.getControl().isDisposed()) {
			tree.setInput(null);
		}
	}

	private void status(String text) {
		ModelViewSupport.status(status, text, false);
	}

	/** Selects a construct's row (none: no selection) and shows it. */
	private void select(ProfileData.@Nullable Row row) {
		TreeViewer tree = viewer;
		if (tree == null || tree.getControl().isDisposed()) {
			return;
		}
		pendingCaret = -1;
		tree.setSelection(row == null ? StructuredSelection.EMPTY : new StructuredSelection(row), true);
	}

	private void doubleClicked(DoubleClickEvent event) {
		ModelFile model = file;
		if (model != null && event.getSelection() instanceof IStructuredSelection chosen
				&& chosen.getFirstElement() instanceof ProfileData.Row row) {
			try {
				ModelViews.reveal(getSite().getPage(), model, row.offset(), row.length(), true);
			} catch (PartInitException e) {
				status(NLS.bind(Messages.ProfileView_failed, model.label(), e.getMessage()));
			}
		}
	}

	/** The constructs, each loop with its body. */
	private static final class Rows implements ITreeContentProvider {

		@Override
		public Object[] getElements(@Nullable Object input) {
			return input instanceof ProfileData shown ? shown.rows().toArray() : new Object[0];
		}

		@Override
		public Object[] getChildren(@Nullable Object row) {
			return row instanceof ProfileData.Row parent ? parent.children().toArray() : new Object[0];
		}

		@Override
		public @Nullable Object getParent(@Nullable Object row) {
			return row instanceof ProfileData.Row child ? child.parent() : null;
		}

		@Override
		public boolean hasChildren(@Nullable Object row) {
			return row instanceof ProfileData.Row parent && !parent.children().isEmpty();
		}
	}

	/** What the view shows, or null while there is nothing. */
	@Nullable
	ProfileData data() {
		return data;
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
}
