// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;
import org.looptrace.scanner.ScanRecord;
import org.looptrace.scanner.ui.ScannerUi;

/**
 * The records of the last scan (or of a scan CSV): a tab per label with a table of its records
 * (rank, position, value, loop indices) and, below, a chart of the values of the selected label,
 * as a histogram or as a series over occurrences (switched from the view's toolbar). Tables are
 * virtual: rows are made as they scroll into sight. A scan starting clears the records shown.
 */
public final class ScanResultsView extends ViewPart {

	private @Nullable Label status;
	private @Nullable CTabFolder tabs;
	private @Nullable ScanChart chart;
	private @Nullable ScanResults results;
	/** The scan started last, while the view waits for its results. */
	private @Nullable Object scanning;
	private final List<Table> tables = new ArrayList<>();

	@Override
	public void createPartControl(@Nullable Composite parent) {
		Composite page = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(page);
		Label line = new Label(page, SWT.NONE);
		line.setText(Messages.ScanResultsView_empty);
		GridDataFactory.fillDefaults().grab(true, false).indent(4, 2).applyTo(line);
		status = line;
		SashForm sash = new SashForm(page, SWT.HORIZONTAL);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
		CTabFolder folder = new CTabFolder(sash, SWT.BORDER | SWT.FLAT);
		folder.addListener(SWT.Selection, event -> showChartOfSelectedTab());
		tabs = folder;
		chart = new ScanChart(sash);
		sash.setWeights(55, 45);

		IToolBarManager toolBar = getViewSite().getActionBars().getToolBarManager();
		toolBar.add(kindAction(ScanChart.Kind.HISTOGRAM, Messages.ScanResultsView_histogram, ScannerImages.HISTOGRAM));
		toolBar.add(kindAction(ScanChart.Kind.SERIES, Messages.ScanResultsView_series, ScannerImages.SERIES));
	}

	private IAction kindAction(ScanChart.Kind kind, String text, String icon) {
		Action action = new Action(text, IAction.AS_RADIO_BUTTON) {
			@Override
			public void run() {
				if (isChecked() && chart != null) {
					chart.setKind(kind);
				}
			}
		};
		action.setToolTipText(text);
		action.setImageDescriptor(ScannerImages.descriptor(icon));
		action.setChecked(kind == ScanChart.Kind.HISTOGRAM);
		return action;
	}

	/** Opens the view in the active page (or a window's) and shows results in it. */
	static void show(ScanResults results) {
		ScanResultsView view = open();
		if (view != null) {
			view.setResults(results);
		}
	}

	/**
	 * Opens the view and shows that a scan started, as the Search view shows a new search at once: the
	 * rows of the previous scan are cleared, not left to pass for this one's.
	 *
	 * @param scan  the scan, which {@link #ended} names
	 * @param model the name of the model whose annotations are scanned
	 */
	static void scanning(Object scan, String model) {
		ScanResultsView view = open();
		if (view != null) {
			view.clear(NLS.bind(Messages.ScanResultsView_scanning, model));
			view.scanning = scan;
		}
	}

	/** Says how a scan ended without results (cancelled, failed), unless the view was closed or shows something else since it started. */
	static void ended(Object scan, String status) {
		IWorkbenchPage page = page();
		ScanResultsView view = page != null && page.findView(ScannerUi.RESULTS_VIEW) instanceof ScanResultsView open ? open : null;
		Label line = view == null ? null : view.status;
		if (view != null && view.scanning == scan && line != null) {
			line.setText(status);
			line.getParent().layout();
		}
	}

	/** The active page, or a window's. */
	private static @Nullable IWorkbenchPage page() {
		IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		if (window == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
			window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
		}
		return window == null ? null : window.getActivePage();
	}

	/** The view in the page, opened if needed, or null when there is no page. */
	private static @Nullable ScanResultsView open() {
		IWorkbenchPage page = page();
		if (page == null) {
			return null;
		}
		try {
			return page.showView(ScannerUi.RESULTS_VIEW, null, IWorkbenchPage.VIEW_VISIBLE) instanceof ScanResultsView view ? view : null;
		} catch (PartInitException e) {
			PlatformUI.getWorkbench().getDisplay().beep();
			return null;
		}
	}

	/** Shows no records, and the status line. */
	private void clear(String text) {
		CTabFolder folder = tabs;
		Label line = status;
		if (folder == null || line == null) {
			return;
		}
		results = null;
		scanning = null;
		for (CTabItem item : folder.getItems()) {
			item.getControl().dispose();
			item.dispose();
		}
		tables.clear();
		if (chart != null) {
			chart.setRecords("", null, List.of());
		}
		line.setText(text);
		line.getParent().layout();
	}

	/** Replaces what the view shows. */
	void setResults(ScanResults shown) {
		CTabFolder folder = tabs;
		String labels = shown.labels().size() == 1 ? Messages.ScanResultsView_oneLabel : NLS.bind(Messages.ScanResultsView_labels, shown.labels().size());
		String text = NLS.bind(Messages.ScanResultsView_status, new Object[] { shown.source(), shown.total(), labels });
		if (shown.labels().stream().anyMatch(label -> shown.count(label) > shown.records(label).size())) {
			text += NLS.bind(Messages.ScanResultsView_truncated, ScanResults.KEPT);
		}
		clear(text);
		if (folder == null) {
			return;
		}
		results = shown;
		for (String label : shown.labels()) {
			CTabItem item = new CTabItem(folder, SWT.NONE);
			item.setText(NLS.bind(Messages.ScanResultsView_tab, label, shown.count(label)));
			Table table = table(folder, shown.records(label));
			item.setControl(table);
			tables.add(table);
		}
		if (folder.getItemCount() > 0) {
			folder.setSelection(0);
		}
		showChartOfSelectedTab();
	}

	/** The status line (for the tests). */
	String statusShown() {
		Label line = status;
		return line == null ? "" : line.getText();
	}

	private static Table table(Composite parent, List<ScanRecord> records) {
		Table table = new Table(parent, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI);
		table.setHeaderVisible(true);
		table.setLinesVisible(true);
		column(table, Messages.ScanResultsView_rank, SWT.RIGHT, 60);
		column(table, Messages.ScanResultsView_position, SWT.RIGHT, 100);
		column(table, Messages.ScanResultsView_value, SWT.RIGHT, 120);
		column(table, Messages.ScanResultsView_indices, SWT.LEFT, 200);
		table.addListener(SWT.SetData, event -> {
			TableItem item = (TableItem) event.item;
			item.setText(row(records.get(table.indexOf(item))));
		});
		table.setItemCount(records.size());
		return table;
	}

	/** The cells of a record's row. */
	static String[] row(ScanRecord record) {
		return new String[] { Integer.toString(record.rank()), Long.toString(record.position()), Long.toString(record.value()),
				indices(record.indices()) };
	}

	private static String indices(Map<String, Long> indices) {
		return indices.entrySet().stream().map(index -> index.getKey() + "=" + index.getValue()).collect(Collectors.joining(", "));
	}

	private static void column(Table table, String text, int alignment, int width) {
		TableColumn column = new TableColumn(table, alignment);
		column.setText(text);
		column.setWidth(width);
	}

	private void showChartOfSelectedTab() {
		CTabFolder folder = tabs;
		ScanChart shown = chart;
		ScanResults current = results;
		if (folder == null || shown == null || current == null) {
			return;
		}
		int index = folder.getSelectionIndex();
		if (index < 0) {
			shown.setRecords("", null, List.of());
		} else {
			String label = current.labels().get(index);
			shown.setRecords(label, current.attribute(label), current.records(label));
		}
	}

	/** The results shown, null before the first. */
	@Nullable
	ScanResults results() {
		return results;
	}

	/** What the chart draws (for the tests). */
	@Nullable
	ChartValues chartShown() {
		ScanChart shown = chart;
		return shown == null ? null : shown.shown();
	}

	/** How many labels have a table. */
	int tableCount() {
		return tables.size();
	}

	/** The table of the i-th label (tests read its rows). */
	Table table(int index) {
		return tables.get(index);
	}

	@Override
	public void setFocus() {
		if (tabs != null) {
			tabs.setFocus();
		}
	}
}
