// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.lang.ui.internal.EditorFixture.RING;
import static org.looptrace.lang.ui.internal.EditorFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.preference.PreferenceConverter;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.ide.LoopsSemanticHighlighting;
import org.looptrace.scanner.Positions;
import org.looptrace.trace.DataTraceWriter;

/** What the editor shows about constructs: hover, positions as code minings, colours of the preferences. */
class ConstructInformationTest {

	@Test
	void hoveringALoopShowsItsRanksIterationsEventsAndPositionsPerRank() throws Exception {
		try (EditorFixture fixture = new EditorFixture("hovered", RING)) {
			ITextEditor editor = fixture.open();
			ISourceViewer viewer = EditorFixture.viewer(editor);
			ConstructHover hover = new ConstructHover();
			IRegion region = hover.getHoverRegion(viewer, RING.indexOf("for i1") + 1);
			String text = hover.getHoverInfo(viewer, region);
			assertTrue(text != null && text.startsWith("Loop 1.1: for i1 = 0 to 6"), text);
			assertTrue(text.contains("iterations: 7") && text.contains("events: 140") && text.contains("ranks: 0-7"), text);
			assertTrue(text.contains("rank 0: @ "), text);
			assertEquals(null, hover.getHoverInfo(viewer, hover.getHoverRegion(viewer, 3)), "a comment has a hover");
		}
	}

	/** In a model file beside the data traces of its run, the hover also gives the construct's time. */
	@Test
	void hoveringALoopOfARunWithDataTracesShowsItsTime() throws Exception {
		try (EditorFixture fixture = new EditorFixture("timed", RING)) {
			Path folder = fixture.file.getLocation().toFile().toPath().getParent();
			Positions positions = Positions.of(ModelText.parse(RING, "ring.loops"));
			for (int rank : positions.ranks()) {
				try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data." + rank), List.of("time", "end"))) {
					for (long k = 0; k < positions.events(rank); k++) {
						data.write(1000 * k, 1000 * k + 10);
					}
				}
			}
			ISourceViewer viewer = EditorFixture.viewer(fixture.open());
			ConstructHover hover = new ConstructHover();
			String text = hover.getHoverInfo(viewer, hover.getHoverRegion(viewer, RING.indexOf("for i1") + 1));
			assertTrue(text != null && text.contains("\ntime: ") && text.contains(" summed over 8 ranks (") && text.contains("\niteration times: "),
					text);
		}
	}

	@Test
	void positionsAreShownAboveEachConstructAndGoWhenSwitchedOff() throws Exception {
		try (EditorFixture fixture = new EditorFixture("mined", RING)) {
			ITextEditor editor = fixture.open();
			StyledText text = EditorFixture.viewer(editor).getTextWidget();
			int innerLoopLine = 2;
			waitUntil(() -> text.getLineVerticalIndent(innerLoopLine) > 0, "no positions above the inner loop");
			EditorPreferences.store().setValue(EditorPreferences.SHOW_POSITIONS, false);
			try {
				waitUntil(() -> text.getLineVerticalIndent(innerLoopLine) == 0, "the positions stay when switched off");
			} finally {
				EditorPreferences.store().setToDefault(EditorPreferences.SHOW_POSITIONS);
			}
			waitUntil(() -> text.getLineVerticalIndent(innerLoopLine) > 0, "the positions do not come back when switched on");
		}
	}

	@Test
	void changingAColourPreferenceRedrawsOpenEditorsInIt() throws Exception {
		try (EditorFixture fixture = new EditorFixture("coloured", RING)) {
			ITextEditor editor = fixture.open();
			StyledText text = EditorFixture.viewer(editor).getTextWidget();
			int keyword = RING.indexOf("for");
			int index = RING.indexOf("i1 send") + 1;
			waitUntil(() -> text.getStyleRangeAtOffset(index) != null
					&& text.getStyleRangeAtOffset(index).foreground.getRGB().equals(colour(LoopsSemanticHighlighting.INDEX)),
					"no semantic highlighting of the index");
			RGB red = new RGB(255, 0, 0);
			RGB green = new RGB(0, 200, 0);
			try {
				PreferenceConverter.setValue(EditorPreferences.store(), EditorPreferences.colourKey(EditorPreferences.KEYWORD), red);
				PreferenceConverter.setValue(EditorPreferences.store(), EditorPreferences.colourKey(LoopsSemanticHighlighting.INDEX), green);
				waitUntil(() -> text.getStyleRangeAtOffset(keyword).foreground.getRGB().equals(red), "the keyword is not red");
				waitUntil(() -> text.getStyleRangeAtOffset(index).foreground.getRGB().equals(green), "the index is not green");
			} finally {
				EditorPreferences.store().setToDefault(EditorPreferences.colourKey(EditorPreferences.KEYWORD));
				EditorPreferences.store().setToDefault(EditorPreferences.colourKey(LoopsSemanticHighlighting.INDEX));
			}
			waitUntil(() -> text.getStyleRangeAtOffset(keyword).foreground.getRGB().equals(colour(EditorPreferences.KEYWORD)),
					"the keyword does not go back to its default colour");
		}
	}

	private static RGB colour(String style) {
		return EditorPreferences.DEFAULT_COLOURS.get(style);
	}
}
