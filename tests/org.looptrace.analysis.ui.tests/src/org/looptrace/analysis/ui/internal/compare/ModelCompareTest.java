// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.compare.CompareEditorInput;
import org.eclipse.compare.INavigatable;
import org.eclipse.compare.contentmergeviewer.IDocumentRange;
import org.eclipse.compare.internal.CompareAction;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.custom.CLabel;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.analysis.diff.Difference;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.analysis.diff.ModelDiff;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Progress;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Compare With > Each Other on two models opens the compare editor with the differences of
 * {@link ModelDiff}, exactly and in its order, each showing the lines of its constructs, and the
 * editor's next and previous difference go through them; on generated models with random edits, the
 * tree is ModelDiff's.
 */
class ModelCompareTest {

	private static final String BEFORE = """
			for i0 = 0 to 49
			  0 send 1 7
			  1 recv 0 7
			  1 send 0 8
			  0 recv 1 8
			done
			""";
	/** The same program with another count of time steps and another tag. */
	private static final String AFTER = BEFORE.replace("0 to 49", "0 to 299").replace(" 8\n", " 9\n");

	private final IProject project = TestProjects.project("model compare");
	private final IWorkbenchPage page = Workbench.page();

	@BeforeEach
	void createProject() throws CoreException {
		TestProjects.create(project);
	}

	@AfterEach
	void deleteProject() throws CoreException {
		page.closeAllEditors(false);
		TestProjects.delete(project);
	}

	@Test
	void aTagAndALoopCountDifferInTheCompareEditorAsInModelDiff() throws Exception {
		IEditorPart editor = compareWithEachOther(BEFORE, AFTER);
		List<DifferenceNode> nodes = nodes(editor);
		assertEquals(List.of("bounds 1 line 1: 0 to 49 against 0 to 299", "changed 1.3 line 4: tag 8 against 9",
				"changed 1.4 line 5: tag 8 against 9"), nodes.stream().map(DifferenceNode::getName).toList());
		assertEquals(expected(BEFORE, AFTER), nodes.stream().map(ModelCompareTest::describe).toList());
		// each side shows the lines that differ, read-only
		DifferenceNode tag = nodes.get(1);
		assertEquals("  1 send 0 8\n", text(tag.getLeft()));
		assertEquals("  1 send 0 9\n", text(tag.getRight()));
		assertEquals("for i0 = 0 to 49\n", text(nodes.get(0).getLeft()));
		assertFalse(((ConstructRange) tag.getLeft()).isEditable());

		// the structure pane's next reaches each difference in turn and opens it, previous goes back
		Tree tree = assertInstanceOf(Tree.class, tree(editor));
		INavigatable navigator = (INavigatable) tree.getData(INavigatable.NAVIGATOR_PROPERTY);
		List<@Nullable Object> reached = new ArrayList<>();
		for (int step = 0; step < 2 * nodes.size() && reached.size() < nodes.size(); step++) {
			navigator.selectChange(reached.isEmpty() ? INavigatable.FIRST_CHANGE : INavigatable.NEXT_CHANGE);
			Workbench.runEventLoop(50);
			reached.add(selected(tree));
		}
		assertEquals(nodes, reached, "next goes through the differences in order");
		assertTrue(navigator.selectChange(INavigatable.NEXT_CHANGE), "the last difference is the end");
		navigator.selectChange(INavigatable.PREVIOUS_CHANGE);
		Workbench.runEventLoop(50);
		assertEquals(nodes.get(1), selected(tree), "previous goes back");
	}

	@Test
	void aConstructAddedShowsOnItsSideOnly() throws Exception {
		String after = BEFORE.replace("  0 recv 1 8\n", "  0 recv 1 8\n  0 local compute\n");
		List<DifferenceNode> nodes = nodes(compareWithEachOther(BEFORE, after));
		assertEquals(List.of("added 1.5 line 6: 0 local compute"), nodes.stream().map(DifferenceNode::getName).toList());
		assertNull(nodes.get(0).getLeft());
		assertEquals("  0 local compute\n", text(nodes.get(0).getRight()));
	}

	@Test
	void onGeneratedModelsWithRandomEditsTheTreeIsModelDiff() throws Exception {
		Random random = new Random(34);
		for (int round = 0; round < 4; round++) {
			String before = program(random);
			String after = program(random);
			List<DifferenceNode> nodes = nodes(compareWithEachOther(before, after));
			assertEquals(expected(before, after), nodes.stream().map(ModelCompareTest::describe).toList(), before + "\n" + after);
			page.closeAllEditors(false);
		}
	}

	/** A program of exchanges in loops, with random counts, tags and steps: edits of one another differ anywhere. */
	private static String program(Random random) {
		StringBuilder text = new StringBuilder();
		for (int loop = 0; loop < 3; loop++) {
			text.append("for i0 = 0 to ").append(1 + random.nextInt(3)).append('\n');
			for (int step = random.nextInt(3); step >= 0; step--) {
				int tag = random.nextInt(3);
				text.append("  0 send 1 ").append(tag).append("\n  1 recv 0 ").append(tag).append('\n');
			}
			text.append("done\n");
			if (random.nextBoolean()) {
				text.append("0 local compute\n");
			}
		}
		return text.toString();
	}

	/** Two model files, selected and compared with each other as the Project Explorer's menu does. */
	private IEditorPart compareWithEachOther(String before, String after) throws Exception {
		IFile left = TestProjects.write(project, "before.loops", before);
		IFile right = TestProjects.write(project, "after.loops", after);
		Action menuItem = new Action() {
		};
		CompareAction compare = new CompareAction();
		compare.setActivePart(menuItem, page.showView(IPageLayout.ID_PROJECT_EXPLORER));
		compare.selectionChanged(menuItem, new StructuredSelection(List.of(left, right)));
		assertTrue(menuItem.isEnabled(), "Compare With > Each Other is enabled on two models");
		compare.run(menuItem);
		Workbench.waitUntil(10_000, () -> page.getActiveEditor() != null && page.getActiveEditor().getEditorInput() instanceof CompareEditorInput,
				"the compare editor opens");
		IEditorPart editor = page.getActiveEditor();
		Workbench.waitUntil(10_000, () -> !nodes(editor).isEmpty(), () -> "the differences are listed; the editor says " + titles(editor.getSite().getShell()));
		return editor;
	}

	/** The differences as ModelDiff gives them, each as {@link #describe(DifferenceNode)} does. */
	private static List<String> expected(String before, String after) throws Exception {
		LocatedModel a = ModelText.parseLocated(before, "before.loops");
		LocatedModel b = ModelText.parseLocated(after, "after.loops");
		return ModelDiff.compare(a.model(), b.model(), false, Progress.NONE).stream().map(ModelCompareTest::describe).toList();
	}

	/** A node's difference, with the side it shows missing exactly where a construct is removed. */
	private static String describe(DifferenceNode node) {
		Difference d = node.difference();
		assertEquals(d.kind() == Kind.REMOVED, node.getRight() == null);
		return describe(d);
	}

	private static String describe(Difference d) {
		return d.kind() + " " + path(d.left()) + " " + path(d.right()) + " " + d.what();
	}

	private static String path(@Nullable Construct construct) {
		return construct == null ? "-" : ConstructPath.of(construct);
	}

	private static String text(@Nullable Object side) throws Exception {
		IDocumentRange range = assertInstanceOf(IDocumentRange.class, side);
		IDocument document = range.getDocument();
		return document.get(range.getRange().getOffset(), range.getRange().getLength());
	}

	private static @Nullable Object selected(@Nullable Tree tree) {
		return tree == null || tree.getSelectionCount() == 0 ? null : tree.getSelection()[0].getData();
	}

	private static List<DifferenceNode> nodes(IEditorPart editor) {
		List<DifferenceNode> nodes = new ArrayList<>();
		Tree tree = tree(editor);
		if (tree != null) {
			for (TreeItem item : tree.getItems()) {
				if (item.getData() instanceof DifferenceNode node) {
					nodes.add(node);
				}
			}
		}
		return nodes;
	}

	/** The titles of the panes (what the structure pane found, or why not). */
	private static List<String> titles(Control control) {
		List<String> titles = new ArrayList<>();
		if (control instanceof CLabel label && label.getText() != null) {
			titles.add(label.getText());
		}
		if (control instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				titles.addAll(titles(child));
			}
		}
		return titles;
	}

	/** The structure pane of the compare editor: the tree whose items are differences. */
	private static @Nullable Tree tree(IEditorPart editor) {
		return find(editor.getSite().getShell());
	}

	private static @Nullable Tree find(Control control) {
		if (control instanceof Tree tree && !tree.isDisposed() && tree.isVisible() && tree.getItemCount() > 0
				&& tree.getItem(0).getData() instanceof DifferenceNode) {
			return tree;
		}
		if (control instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				Tree tree = find(child);
				if (tree != null) {
					return tree;
				}
			}
		}
		return null;
	}
}
