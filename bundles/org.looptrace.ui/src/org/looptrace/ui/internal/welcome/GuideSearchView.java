// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.events.SelectionListener;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;
import org.looptrace.ui.internal.Messages;

/**
 * Help ▸ Search: the guides that hold every word typed in the view's field, each with the line of
 * the first occurrence; opening a result (double click or Enter) shows the guide in the text editor
 * with that occurrence selected.
 */
public final class GuideSearchView extends ViewPart {

	/** The view's id in plugin.xml. */
	public static final String ID = "org.looptrace.ui.guideSearch";

	private @Nullable Text field;
	private @Nullable Label status;
	private @Nullable TableViewer results;

	@Override
	public void createPartControl(@Nullable Composite parent) {
		if (parent == null) {
			return;
		}
		Composite body = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(body);
		Text text = new Text(body, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
		text.setMessage(Messages.GuideSearch_prompt);
		text.addSelectionListener(SelectionListener.widgetDefaultSelectedAdapter(event -> search(text.getText())));
		GridDataFactory.fillDefaults().grab(true, false).applyTo(text);
		field = text;
		Label label = new Label(body, SWT.WRAP);
		label.setText(Messages.GuideSearch_empty);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(label);
		status = label;

		Composite columns = new Composite(body, SWT.NONE);
		TableColumnLayout widths = new TableColumnLayout(true);
		columns.setLayout(widths);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(columns);
		TableViewer viewer = new TableViewer(columns, SWT.FULL_SELECTION | SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
		viewer.getTable().setHeaderVisible(true);
		viewer.setContentProvider(ArrayContentProvider.getInstance());
		ColumnViewerToolTipSupport.enableFor(viewer);
		column(viewer, widths, Messages.GuideSearch_guide, 1, hit -> hit.guide().title());
		column(viewer, widths, Messages.GuideSearch_found, 3, hit -> NLS.bind(Messages.GuideSearch_line, hit.line(), hit.excerpt()));
		viewer.addOpenListener(event -> {
			if (event.getSelection() instanceof IStructuredSelection selection && selection.getFirstElement() instanceof GuideSearch.Hit hit) {
				open(hit);
			}
		});
		results = viewer;
	}

	private static void column(TableViewer viewer, TableColumnLayout widths, String title, int weight,
			Function<GuideSearch.Hit, String> text) {
		TableViewerColumn column = new TableViewerColumn(viewer, SWT.LEFT);
		column.getColumn().setText(title);
		widths.setColumnData(column.getColumn(), new ColumnWeightData(weight, 120));
		column.setLabelProvider(new ColumnLabelProvider() {
			@Override
			public String getText(@Nullable Object element) {
				return element instanceof GuideSearch.Hit hit ? text.apply(hit) : "";
			}

			/** The whole text as a tool tip: the view is narrow where it opens, beside the outline. */
			@Override
			public String getToolTipText(@Nullable Object element) {
				return getText(element);
			}
		});
	}

	/** Shows the guides that hold every word of {@code query}, the query in the view's field. */
	public void search(String query) {
		Text text = field;
		Label label = status;
		TableViewer viewer = results;
		if (text == null || label == null || viewer == null) {
			return;
		}
		if (!text.getText().equals(query)) {
			text.setText(query);
		}
		Map<Guides.Guide, String> texts = new LinkedHashMap<>();
		for (Guides.Guide guide : Guides.ALL) {
			try {
				texts.put(guide, Guides.text(guide));
			} catch (IOException e) {
				label.setText(NLS.bind(Messages.Welcome_guideFailed, guide.title(), e.getMessage()));
				viewer.setInput(List.of());
				return;
			}
		}
		List<GuideSearch.Hit> hits = GuideSearch.search(query, texts);
		viewer.setInput(hits);
		String words = String.join(" ", GuideSearch.words(query));
		label.setText(words.isEmpty() ? Messages.GuideSearch_empty
				: hits.isEmpty() ? NLS.bind(Messages.GuideSearch_none, words)
						: NLS.bind(Messages.GuideSearch_hits, hits.size(), words));
		label.getParent().layout();
	}

	/** Opens the guide of a result, its occurrence selected. */
	private void open(GuideSearch.Hit hit) {
		IEditorPart editor = Guides.open(getSite().getPage(), hit.guide());
		if (editor instanceof ITextEditor text) {
			text.selectAndReveal(hit.offset(), hit.length());
		}
	}

	/** The field of the words. */
	@Nullable
	Text field() {
		return field;
	}

	/** The text of the view's status line. */
	String statusText() {
		Label label = status;
		return label == null ? "" : label.getText();
	}

	/** The table of the results. */
	@Nullable
	TableViewer results() {
		return results;
	}

	@Override
	public void setFocus() {
		if (field != null) {
			field.setFocus();
		}
	}
}
