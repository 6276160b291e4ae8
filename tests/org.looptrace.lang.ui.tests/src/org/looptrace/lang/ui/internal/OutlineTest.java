// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.lang.ui.internal.EditorFixture.RING;
import static org.looptrace.lang.ui.internal.EditorFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.jface.bindings.keys.KeySequence;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.TextSelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.ContentOutline;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;
import org.looptrace.ui.testsupport.Workbench;

/** The Outline view and the quick outline of a model editor. */
class OutlineTest {

	@Test
	void theOutlineShowsLoopsAndEventsWithPathsCountsAndIcons() throws Exception {
		try (EditorFixture fixture = new EditorFixture("outlined", RING)) {
			ITextEditor editor = fixture.open();
			LoopsOutlinePage page = outline(editor);
			Tree tree = (Tree) page.getControl();
			waitUntil(() -> page.roots().size() == 1, "no outline of the model");
			page.tree().expandAll();
			List<String> labels = new ArrayList<>();
			collect(tree.getItems(), labels);
			assertEquals(List.of("1 for i0 = 0 to 9 (10 iterations, 150 events)", "1.1 for i1 = 0 to 6 (7 iterations, 140 events)",
					"1.1.1 i1 send 1+i1 tag (70 events)", "1.1.2 i1 recv 1+i1 tag (70 events)", "1.2 0 local step i0 \"done\" (10 events)"),
					labels);
			assertTrue(tree.getItem(0).getImage() != null && tree.getItem(0).getImage() != tree.getItem(0).getItem(1).getImage(),
					"loops and local events share an icon");
		}
	}

	@Test
	void theOutlineFollowsEditsAndTheCaretAndRevealsWhatIsSelected() throws Exception {
		try (EditorFixture fixture = new EditorFixture("outlined", RING)) {
			ITextEditor editor = fixture.open();
			LoopsOutlinePage page = outline(editor);
			TreeViewer viewer = page.tree();
			waitUntil(() -> page.roots().size() == 1, "no outline of the model");

			editor.getSelectionProvider().setSelection(new TextSelection(RING.indexOf("recv"), 0));
			waitUntil(() -> path(viewer).equals("1.1.2"), "the caret on the recv does not select it: " + path(viewer));

			ModelOutline.Node local = page.roots().get(0).children().get(1);
			viewer.setSelection(new StructuredSelection(local), true);
			ITextSelection revealed = (ITextSelection) editor.getSelectionProvider().getSelection();
			assertEquals(RING.indexOf("0 local"), revealed.getOffset(), "the local event is not revealed");
			assertEquals("0 local step i0 \"done\"", revealed.getText());

			EditorFixture.document(editor).replace(RING.indexOf("  0 local"), 0, "  3 local more\n");
			waitUntil(() -> page.roots().get(0).children().size() == 3, "the outline misses the new event");
			assertEquals("1.2 3 local more (10 events)", page.roots().get(0).children().get(1).text());
		}
	}

	/** File ▸ Open File on a model outside the workspace (as `looptrace model -o` writes one): no IFile, an outline all the same. */
	@Test
	void aModelOpenedFromOutsideTheWorkspaceHasItsOutline() throws Exception {
		Path folder = Files.createTempDirectory("outside");
		Path model = Files.writeString(folder.resolve("ring.loops"), RING);
		ITextEditor editor = (ITextEditor) IDE.openEditorOnFileStore(Workbench.page(), EFS.getLocalFileSystem().getStore(model.toUri()));
		try {
			LoopsOutlinePage page = outline(editor);
			waitUntil(() -> page.roots().size() == 1, "no outline of a model outside the workspace");
			assertEquals("1 for i0 = 0 to 9 (10 iterations, 150 events)", page.tree().getTree().getItem(0).getText());
		} finally {
			Workbench.page().closeEditor(editor, false);
			Files.delete(model);
			Files.delete(folder);
		}
	}

	@Test
	void ctrlOOpensAFilteredOutlineThatGoesToTheChosenConstruct() throws Exception {
		try (EditorFixture fixture = new EditorFixture("outlined", RING)) {
			ITextEditor editor = fixture.open();
			QuickOutline popup = new QuickOutline(editor, ModelOutline.of(RING, () -> false));
			popup.open();
			try {
				popup.filter().setText("recv");
				Tree tree = popup.viewer().getTree();
				List<String> shown = new ArrayList<>();
				collect(tree.getItems(), shown);
				assertEquals(List.of("1 for i0 = 0 to 9 (10 iterations, 150 events)", "1.1 for i1 = 0 to 6 (7 iterations, 140 events)",
						"1.1.2 i1 recv 1+i1 tag (70 events)"), shown);
				popup.viewer().setSelection(new StructuredSelection(ModelOutline.of(RING, () -> false).get(0).children().get(0).children().get(1)));
				popup.goToSelection();
			} finally {
				popup.close();
			}
			assertEquals(RING.indexOf("i1 recv"), ((ITextSelection) editor.getSelectionProvider().getSelection()).getOffset());
			assertEquals(KeySequence.getInstance("M1+O").format(), EditorCommandsTest.binding("org.looptrace.lang.ui.quickOutline"));
		}
	}

	private static LoopsOutlinePage outline(ITextEditor editor) throws Exception {
		ContentOutline view = (ContentOutline) Workbench.page().showView(IPageLayout.ID_OUTLINE);
		Workbench.page().activate(editor);
		waitUntil(() -> view.getCurrentPage() instanceof LoopsOutlinePage, "the Outline view shows no outline of ours: " + view.getCurrentPage());
		return (LoopsOutlinePage) view.getCurrentPage();
	}

	private static String path(TreeViewer viewer) {
		return ((IStructuredSelection) viewer.getSelection()).getFirstElement() instanceof ModelOutline.Node node ? node.path() : "";
	}

	/** The labels of the items, depth first. */
	private static void collect(TreeItem[] items, List<String> labels) {
		for (TreeItem item : items) {
			labels.add(item.getText());
			collect(item.getItems(), labels);
		}
	}
}
