// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.eclipse.compare.CompareEditorInput;
import org.eclipse.compare.ICompareNavigator;
import org.eclipse.compare.INavigatable;
import org.eclipse.compare.contentmergeviewer.IDocumentRange;
import org.eclipse.compare.internal.CompareAction;
import org.eclipse.compare.structuremergeviewer.DiffNode;
import org.eclipse.compare.structuremergeviewer.Differencer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.analysis.diff.Difference;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.analysis.diff.ModelDiff;
import org.looptrace.analysis.diff.Place;
import org.looptrace.lang.LocatedModel;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.core.Progress;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Compare With > Each Other on two models opens the compare editor with the differences of
 * {@link ModelDiff} in its structure pane, exactly and in its order; opening one shows its lines in
 * both text panes, A (the first file of the title) on the left, and the editor's next and previous
 * difference go through them; the empty side of a construct added or removed is where ModelDiff
 * places it. On generated models with random edits, the pane is ModelDiff's; with
 * Ignore Counts, it is ModelDiff's without the loop bounds.
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
		String title = editor.getTitle();
		assertTrue(title.indexOf("before.loops") >= 0 && title.indexOf("before.loops") < title.indexOf("after.loops"), title);
		List<DiffNode> nodes = differences(editor);
		assertEquals(List.of("bounds 1 line 1: 0 to 49 against 0 to 299 (50 against 300 iterations)", "changed 1.3 line 4: tag 8 against 9",
				"changed 1.4 line 5: tag 8 against 9"), nodes.stream().map(DiffNode::getName).toList());
		assertEquals(expected(BEFORE, AFTER, false), nodes.stream().map(ModelCompareTest::describe).toList());
		assertEquals("  1 send 0 8\n", text(nodes.get(1).getLeft()));
		assertEquals("  1 send 0 9\n", text(nodes.get(1).getRight()));
		assertFalse(((DifferenceRange) nodes.get(1).getLeft()).isEditable(), "a difference's lines are read-only");

		// the editor opens on the first difference, A on the left; next difference walks the pane's differences
		Tree tree = assertInstanceOf(Tree.class, tree(editor));
		ICompareNavigator navigator = ((CompareEditorInput) editor.getEditorInput()).getNavigator();
		List<Object> reached = new ArrayList<>();
		for (int step = 0; step < 20 && reached.size() < nodes.size(); step++) {
			if (step > 0) {
				navigator.selectChange(true);
			}
			Workbench.runEventLoop(100);
			Object selected = selected(tree);
			if (selected instanceof DiffNode node && (reached.isEmpty() || reached.get(reached.size() - 1) != node)) {
				reached.add(node);
				assertEquals(sides(node), panes(editor), "the text panes show " + node.getName());
			}
		}
		assertEquals(nodes, reached, "next difference goes through the differences in order");
		assertEquals(List.of("for i0 = 0 to 49\n", "for i0 = 0 to 299\n"), List.of(text(nodes.get(0).getLeft()), text(nodes.get(0).getRight())));
		for (int step = 0; step < 20 && selected(tree) != nodes.get(1); step++) {
			navigator.selectChange(false);
			Workbench.runEventLoop(100);
		}
		assertEquals(nodes.get(1), selected(tree), "previous difference goes back");
		assertEquals(List.of("1 send 0 8", "1 send 0 9"), panes(editor));
	}

	/** A loop split in two is one line of the list, showing the loop on one side and both loops on the other. */
	@Test
	void aLoopSplitShowsTheLinesOfItsRunOnEachSide() throws Exception {
		String whole = "for i0 = 0 to 9\n  0 send 1 5\ndone\n";
		String split = "for i0 = 0 to 4\n  0 send 1 5\ndone\nfor i0 = 5 to 9\n  0 send 1 5\ndone\n";
		List<DiffNode> nodes = differences(compareWithEachOther(whole, split));
		assertEquals(List.of("split 1 line 1: 0 to 9 against 0 to 4, 5 to 9"), nodes.stream().map(DiffNode::getName).toList());
		assertEquals(List.of(whole, split), List.of(text(nodes.get(0).getLeft()), text(nodes.get(0).getRight())));
	}

	/**
	 * A construct added or removed shows its lines on its side and nothing on the other, at the
	 * offset where it would be there, both sides as wide (the platform narrows a side it is given
	 * no element for to a strip).
	 */
	@Test
	void aConstructAddedShowsOnItsSideOnly() throws Exception {
		String after = BEFORE.replace("  0 recv 1 8\n", "  0 recv 1 8\n  0 local compute\n");
		IEditorPart added = compareWithEachOther(BEFORE, after);
		List<DiffNode> nodes = differences(added);
		assertEquals(List.of("added 1.5 line 6: 0 local compute"), nodes.stream().map(DiffNode::getName).toList());
		assertPanesShareTheWidth(added, "an addition");
		assertEquals("", text(nodes.get(0).getLeft()));
		assertEquals(BEFORE.indexOf("done"), offset(nodes.get(0).getLeft()), "the empty side is where the construct would be in A");
		assertEquals("  0 local compute\n", text(nodes.get(0).getRight()));
		assertEquals(List.of("", "0 local compute"), panes(added));
		assertEquals(Differencer.ADDITION, nodes.get(0).getKind() & Differencer.CHANGE_TYPE_MASK, "shown as added");
		Image plus = PlatformUI.getWorkbench().getSharedImages().getImage(ISharedImages.IMG_OBJ_ADD);
		assertEquals(plus, icon(page.getActiveEditor()), "the icon of an addition, as the line says");
		page.closeAllEditors(false);

		IEditorPart removed = compareWithEachOther(after, BEFORE);
		nodes = differences(removed);
		assertEquals(List.of("removed 1.5 line 6: 0 local compute"), nodes.stream().map(DiffNode::getName).toList());
		assertPanesShareTheWidth(removed, "a removal");
		assertEquals("  0 local compute\n", text(nodes.get(0).getLeft()));
		assertEquals("", text(nodes.get(0).getRight()));
		assertEquals(BEFORE.indexOf("done"), offset(nodes.get(0).getRight()), "the empty side is where the construct would be in B");
		assertEquals(List.of("0 local compute", ""), panes(removed));
		assertEquals(Differencer.DELETION, nodes.get(0).getKind() & Differencer.CHANGE_TYPE_MASK, "shown as removed");
		Image minus = PlatformUI.getWorkbench().getSharedImages().getImage(ISharedImages.IMG_ELCL_REMOVE);
		assertEquals(minus, icon(page.getActiveEditor()), "the icon of a removal, as the line says");
	}

	/**
	 * A loop added or removed is one line of the pane with the constructs of its body under it, as
	 * the platform's Java compare shows a class removed with its members under it, not beside it;
	 * each shows its lines on its side and nothing on the other, where the loop would be, and next
	 * difference goes through them.
	 */
	@Test
	void aLoopRemovedIsOneNodeWithItsBodyUnderIt() throws Exception {
		String loop = "for i1 = 0 to 3\n  0 send 1 5\n  for i2 = 0 to 1\n    1 recv 0 5\n  done\ndone\n";
		for (boolean removed : List.of(true, false)) {
			IEditorPart editor = removed ? compareWithEachOther(BEFORE + loop, BEFORE) : compareWithEachOther(BEFORE, BEFORE + loop);
			String kind = removed ? "removed" : "added";
			List<DiffNode> nodes = differences(editor);
			assertEquals(List.of(kind + " 2 line 7: for i1 = 0 to 3 (2 constructs)"), nodes.stream().map(DiffNode::getName).toList());
			DiffNode node = nodes.get(0);
			assertEquals(List.of(kind + " 2.1 line 8: 0 send 1 5", kind + " 2.2 line 9: for i2 = 0 to 1 (1 construct)"), names(node));
			DiffNode inner = (DiffNode) node.getChildren()[1];
			assertEquals(List.of(kind + " 2.2.1 line 10: 1 recv 0 5"), names(inner));
			List<String> expected = List.of("0 send 1 5", "for i2 = 0 to 1\n    1 recv 0 5\n  done", "1 recv 0 5");
			List<DiffNode> body = List.of((DiffNode) node.getChildren()[0], inner, (DiffNode) inner.getChildren()[0]);
			for (int i = 0; i < body.size(); i++) {
				DiffNode construct = body.get(i);
				assertEquals(node.getKind(), construct.getKind(), construct.getName());
				assertEquals(removed ? List.of(expected.get(i), "") : List.of("", expected.get(i)), sides(construct));
				assertEquals(BEFORE.length(), offset(removed ? construct.getRight() : construct.getLeft()), "where the loop would be");
			}
			Tree tree = assertInstanceOf(Tree.class, tree(editor));
			assertTrue(tree.getItem(0).getItemCount() > 0, "the loop's line opens on its body");
			assertFalse(tree.getItem(0).getExpanded(), "one line for the loop until it is opened");
			// the editor opens on the loop, whole; next difference goes through its events
			INavigatable navigatable = (INavigatable) tree.getData(INavigatable.NAVIGATOR_PROPERTY);
			for (DiffNode shown : List.of(node, body.get(0), body.get(2))) {
				if (shown != node) {
					navigatable.selectChange(INavigatable.NEXT_CHANGE);
				}
				Workbench.waitUntil(30_000, () -> selected(tree) == shown && panes(editor).equals(sides(shown)),
						() -> "the text panes show " + shown.getName() + ": " + panes(editor));
			}
			page.closeAllEditors(false);
		}
	}

	private static List<String> names(DiffNode node) {
		List<String> names = new ArrayList<>();
		for (Object child : node.getChildren()) {
			names.add(((DiffNode) child).getName());
		}
		return names;
	}

	/** The icon of the first line of the editor's structure pane. */
	private static @Nullable Image icon(@Nullable IEditorPart editor) {
		Tree tree = editor == null ? null : tree(editor);
		return tree == null || tree.getItemCount() == 0 ? null : tree.getItem(0).getImage();
	}

	/** Ignore Counts in the structure pane's toolbar compares the structure only, as looptrace diff --ignore-counts, and back. */
	@Test
	void ignoreCountsLeavesOutTheLoopBoundsAsTheCommandDoes() throws Exception {
		IEditorPart editor = compareWithEachOther(BEFORE, AFTER);
		assertEquals(expected(BEFORE, AFTER, false), differences(editor).stream().map(ModelCompareTest::describe).toList());
		ToolItem toggle = toolItem(editor, "Ignore Counts");
		List<String> structure = expected(BEFORE, AFTER, true);
		assertEquals(2, structure.size(), "the two tags, not the bounds");
		press(toggle);
		Workbench.waitUntil(30_000, () -> differences(editor).stream().map(ModelCompareTest::describe).toList().equals(structure),
				() -> "the pane with Ignore Counts: " + differences(editor).stream().map(DiffNode::getName).toList());
		press(toggle);
		Workbench.waitUntil(30_000, () -> differences(editor).size() == 3,
				() -> "the pane without Ignore Counts: " + differences(editor).stream().map(DiffNode::getName).toList());
	}

	/** Switches a check tool item as a click does. */
	private static void press(ToolItem item) {
		item.setSelection(!item.getSelection());
		item.notifyListeners(SWT.Selection, new Event());
	}

	/** The tool item of the editor with that text. */
	private static ToolItem toolItem(IEditorPart editor, String text) {
		List<ToolBar> bars = new ArrayList<>();
		collect(editor.getSite().getShell(), ToolBar.class, bars);
		for (ToolBar bar : bars) {
			for (ToolItem item : bar.getItems()) {
				if (text.equals(item.getText())) {
					return item;
				}
			}
		}
		throw new AssertionError("no tool item " + text);
	}

	/** The channels, in no construct, are named once, as looptrace diff names them. */
	@Test
	void theChannelsAreOneLineNamedOnce() throws Exception {
		List<DiffNode> nodes = differences(compareWithEachOther("0 send 1 7\n", "0 send 2 7\n"));
		assertEquals(List.of("ranks 1 line 1: peer 1 against 2", "channels: 1 pair of ranks 0,1 against 1 pair of ranks 0,2"),
				nodes.stream().map(DiffNode::getName).toList());
	}

	@Test
	void aSideThatIsNoModelIsNamedInThePane() throws Exception {
		List<DiffNode> nodes = differences(compareWithEachOther(BEFORE, "for i0 = 0 to\n"));
		assertEquals(1, nodes.size());
		assertTrue(nodes.get(0).getName().startsWith("not a valid model: after.loops"), nodes.get(0).getName());
	}

	/**
	 * On generated models with random edits, the structure pane is ModelDiff's, and opening each of
	 * its differences (each construct of a loop added or removed) shows that difference's lines in
	 * the text panes, which share the width.
	 */
	@Test
	void onGeneratedModelsWithRandomEditsThePaneIsModelDiff() throws Exception {
		Random random = new Random(34);
		for (int round = 0; round < 4; round++) {
			String before = program(random);
			String after = program(random);
			IEditorPart editor = compareWithEachOther(before, after);
			List<DiffNode> nodes = differences(editor);
			assertEquals(expected(before, after, false), nodes.stream().map(ModelCompareTest::describe).toList(), before + "\n" + after);
			Tree tree = assertInstanceOf(Tree.class, tree(editor));
			INavigatable navigatable = (INavigatable) tree.getData(INavigatable.NAVIGATOR_PROPERTY);
			// the editor opens on the first line; next difference goes from event to event, into loops
			List<DiffNode> leaves = new ArrayList<>(nodes.get(0).hasChildren() ? List.of(nodes.get(0)) : List.of());
			nodes.forEach(node -> addLeaves(node, leaves));
			for (int i = 0; i < leaves.size(); i++) {
				if (i > 0) {
					navigatable.selectChange(INavigatable.NEXT_CHANGE);
				}
				DiffNode node = leaves.get(i);
				Workbench.waitUntil(30_000, () -> selected(tree) == node && panes(editor).equals(sides(node)),
						() -> "the text panes show " + node.getName() + ": " + panes(editor));
				assertPanesShareTheWidth(editor, node.getName() + "\n" + before + "\n" + after);
			}
			page.closeAllEditors(false);
		}
	}

	/** A difference if it has no constructs under it (a loop added or removed has its body), else theirs: where next difference goes. */
	private static void addLeaves(DiffNode node, List<DiffNode> leaves) {
		if (node.hasChildren()) {
			for (Object child : node.getChildren()) {
				addLeaves((DiffNode) child, leaves);
			}
		} else {
			leaves.add(node);
		}
	}

	/** The text of both sides of a difference, without the blanks around it. */
	private static List<String> sides(DiffNode node) {
		return List.of(text(node.getLeft()).strip(), text(node.getRight()).strip());
	}

	/**
	 * Neither text pane is narrowed to a strip: each has at least four fifths of the other's width,
	 * once the editor is laid out again (as a resize of the window does; the split is computed then).
	 */
	private static void assertPanesShareTheWidth(IEditorPart editor, String what) {
		editor.getSite().getShell().layout(true, true);
		Workbench.runEventLoop(50);
		List<Integer> widths = textPanes(editor).stream().map(text -> text.getSize().x).toList();
		assertEquals(2, widths.size(), what);
		assertTrue(5 * Math.min(widths.get(0), widths.get(1)) >= 4 * Math.max(widths.get(0), widths.get(1)),
				what + ": text panes " + widths + " pixels wide");
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
		Workbench.waitUntil(30_000, () -> page.getActiveEditor() != null && page.getActiveEditor().getEditorInput() instanceof CompareEditorInput,
				"the compare editor opens");
		IEditorPart editor = page.getActiveEditor();
		Workbench.waitUntil(30_000, () -> !differences(editor).isEmpty(), "the differences are in the editor's structure pane");
		return editor;
	}

	/**
	 * The differences as ModelDiff gives them, each as {@link #describe(DiffNode)} does: the kind,
	 * then on each side the lines of its construct (a loop's header for its bounds), on a side
	 * without one the offset where ModelDiff places it.
	 */
	private static List<String> expected(String before, String after, boolean ignoreCounts) throws Exception {
		LocatedModel a = ModelText.parseLocated(before, "before.loops");
		LocatedModel b = ModelText.parseLocated(after, "after.loops");
		List<String> expected = new ArrayList<>();
		for (Difference d : ModelDiff.compare(a.model(), b.model(), ignoreCounts, Progress.NONE)) {
			assertTrue(d.kind() != Kind.CHANNELS, "the generated programs keep their channels");
			expected.add(d.kind().label() + " | " + lines(before, a, d, d.left()) + " | " + lines(after, b, d, d.right()));
		}
		return expected;
	}

	private static String lines(String text, LocatedModel located, Difference d, @Nullable Construct construct) {
		if (construct == null) {
			Place place = d.place();
			return place == null ? "" : "@" + place.offset(text, located::line, located::lastLine);
		}
		int first = located.line(construct);
		int last = construct instanceof Loop && d.kind() == Kind.BOUNDS ? first : located.lastLine(construct);
		return String.join("", text.lines().skip(first - 1).limit(last - first + 1L).map(line -> line + "\n").toList());
	}

	private static String describe(DiffNode node) {
		return node.getName().substring(0, node.getName().indexOf(' ')) + " | " + shown(node.getLeft()) + " | " + shown(node.getRight());
	}

	/** The text of a side, or the offset of an empty side (a construct of the other side only). */
	private static String shown(@Nullable Object side) {
		String text = text(side);
		return text.isEmpty() ? "@" + offset(side) : text;
	}

	private static int offset(@Nullable Object side) {
		return assertInstanceOf(IDocumentRange.class, side).getRange().getOffset();
	}

	private static String text(@Nullable Object side) {
		IDocumentRange range = assertInstanceOf(IDocumentRange.class, side);
		IDocument document = range.getDocument();
		return document.get().substring(range.getRange().getOffset(), range.getRange().getOffset() + range.getRange().getLength());
	}

	private static @Nullable Object selected(Tree tree) {
		return tree.getSelectionCount() == 0 ? null : tree.getSelection()[0].getData();
	}

	/** The differences in the editor's structure pane, top to bottom. */
	private static List<DiffNode> differences(IEditorPart editor) {
		List<DiffNode> nodes = new ArrayList<>();
		Tree tree = tree(editor);
		if (tree != null) {
			for (TreeItem item : tree.getItems()) {
				nodes.add((DiffNode) item.getData());
			}
		}
		return nodes;
	}

	/** The text each of the editor's text panes shows, left to right, without the blanks around it. */
	private static List<String> panes(IEditorPart editor) {
		return textPanes(editor).stream().map(text -> text.getText().strip()).toList();
	}

	/** The editor's text panes, left to right. */
	private static List<StyledText> textPanes(IEditorPart editor) {
		List<StyledText> texts = new ArrayList<>();
		collect(editor.getSite().getShell(), StyledText.class, texts);
		return texts.stream().filter(text -> text.isVisible() && text.getSize().x > 0)
				.sorted(Comparator.comparingInt(text -> text.toDisplay(0, 0).x)).toList();
	}

	/** The compare editor's structure pane: the tree whose items are differences of models. */
	private static @Nullable Tree tree(IEditorPart editor) {
		List<Tree> trees = new ArrayList<>();
		collect(editor.getSite().getShell(), Tree.class, trees);
		for (Tree tree : trees) {
			if (tree.isVisible() && tree.getItemCount() > 0 && tree.getItem(0).getData() instanceof DiffNode node
					&& (node.getLeft() instanceof DifferenceRange || node.getRight() instanceof DifferenceRange)) {
				return tree;
			}
		}
		return null;
	}

	private static <T extends Control> void collect(Control control, Class<T> type, List<T> found) {
		if (type.isInstance(control) && !control.isDisposed()) {
			found.add(type.cast(control));
		}
		if (control instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				collect(child, type, found);
			}
		}
	}
}
