// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.eclipse.jface.text.ITextSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.looptrace.ui.internal.Messages;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Help ▸ Search: the workbench's command, as the Help menu runs it, opens the search of the guides;
 * words typed there list the guides that hold all of them, and opening a result shows the guide
 * with the first word selected.
 */
class GuideSearchTest {

	private final IWorkbenchPage page = Workbench.page();

	@AfterEach
	void close() {
		page.closeAllEditors(false);
		GuideSearchView view = (GuideSearchView) page.findView(GuideSearchView.ID);
		if (view != null) {
			page.hideView(view);
		}
	}

	@Test
	void helpSearchListsTheGuidesThatHoldAWordAndOpensOneAtTheWord() throws Exception {
		page.closeAllEditors(false); // the Welcome page of the first start
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand("org.eclipse.ui.help.helpSearch", null);
		GuideSearchView view = assertInstanceOf(GuideSearchView.class, page.getActivePart(), "Help Search opened " + page.getActivePart());
		Text field = Objects.requireNonNull(view.field());
		field.setText("otf2");
		field.notifyListeners(SWT.DefaultSelection, new Event());

		Table table = Objects.requireNonNull(view.results()).getTable();
		List<String> listed = Arrays.stream(table.getItems()).map(item -> item.getText(0)).toList();
		assertEquals(guidesHolding("otf2"), listed.stream().sorted().toList(), view.statusText());
		assertTrue(listed.contains(Messages.Welcome_guideFormats), "the trace formats guide describes OTF2 archives: " + listed);
		assertTrue(view.statusText().contains("otf2"), view.statusText());

		TableItem formats = Arrays.stream(table.getItems()).filter(item -> item.getText(0).equals(Messages.Welcome_guideFormats))
				.findFirst().orElseThrow();
		table.setSelection(formats);
		Event enter = new Event();
		enter.item = formats;
		table.notifyListeners(SWT.DefaultSelection, enter);
		Workbench.runEventLoop(100);
		ITextEditor editor = assertInstanceOf(ITextEditor.class, page.getActiveEditor(), "a result opens its guide");
		assertEquals("FORMATS.md", editor.getTitle());
		ITextSelection selected = assertInstanceOf(ITextSelection.class, editor.getSelectionProvider().getSelection());
		assertEquals("otf2", selected.getText().toLowerCase(Locale.ROOT), "the guide opens at the word");
	}

	@Test
	void aGuideIsListedOnlyWhenItHoldsEveryWord() throws Exception {
		PlatformUI.getWorkbench().getHelpSystem().search("OTF2 caret");
		GuideSearchView view = (GuideSearchView) Objects.requireNonNull(page.findView(GuideSearchView.ID), "Help search shows the view");
		List<String> both = new ArrayList<>(guidesHolding("otf2"));
		both.retainAll(guidesHolding("caret"));
		assertEquals(both, titles(view));

		view.search("otf2 noSuchWordInAnyGuide");
		assertEquals(List.of(), titles(view));
		assertTrue(view.statusText().contains("noSuchWordInAnyGuide"), view.statusText());
	}

	@Test
	void theGuidesWithTheMostOccurrencesComeFirstEachAtItsFirstOccurrence() {
		Guides.Guide one = Guides.ALL.get(0);
		Guides.Guide two = Guides.ALL.get(1);
		Guides.Guide three = Guides.ALL.get(2);
		Map<Guides.Guide, String> texts = new LinkedHashMap<>();
		texts.put(one, "# One\nA ring of ranks.\n");
		texts.put(two, "# Two\nno match here\nRings and RINGS: a ring\n");
		texts.put(three, "# Three\nnothing\n");
		List<GuideSearch.Hit> hits = GuideSearch.search("  ring ", texts);
		assertEquals(List.of(two, one), hits.stream().map(GuideSearch.Hit::guide).toList());
		GuideSearch.Hit first = hits.get(0);
		assertEquals(3, first.line());
		assertEquals("Rings and RINGS: a ring", first.excerpt());
		assertEquals("Ring", texts.get(two).substring(first.offset(), first.offset() + first.length()));
		assertEquals(3, first.occurrences());
		assertEquals(List.of(), GuideSearch.search(" ", texts), "no words, no guide");
	}

	/** The titles of the guides whose text holds {@code word}, whatever its case, sorted. */
	private static List<String> guidesHolding(String word) throws IOException {
		List<String> titles = new ArrayList<>();
		for (Guides.Guide guide : Guides.ALL) {
			if (Guides.text(guide).toLowerCase(Locale.ROOT).contains(word)) {
				titles.add(guide.title());
			}
		}
		return titles.stream().sorted().toList();
	}

	private static List<String> titles(GuideSearchView view) {
		return Arrays.stream(Objects.requireNonNull(view.results()).getTable().getItems()).map(item -> item.getText(0)).sorted().toList();
	}
}
