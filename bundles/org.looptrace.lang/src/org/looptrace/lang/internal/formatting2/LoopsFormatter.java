// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.formatting2;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.ITextReplacer;
import org.eclipse.xtext.formatting2.ITextReplacerContext;
import org.eclipse.xtext.formatting2.regionaccess.IComment;
import org.eclipse.xtext.formatting2.regionaccess.IEObjectRegion;
import org.eclipse.xtext.formatting2.regionaccess.IHiddenRegion;
import org.eclipse.xtext.formatting2.regionaccess.IHiddenRegionPart;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.formatting2.regionaccess.ITextRegionAccess;
import org.eclipse.xtext.formatting2.regionaccess.ITextSegment;
import org.looptrace.lang.internal.services.LoopsGrammarAccess;
import org.looptrace.model.Block;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;

import com.google.inject.Inject;

/**
 * Formats model text into the layout of {@link ModelPrinter}, keeping comments. Each construct is
 * one line whose text is replaced by its canonical spelling (printed in the scope of its loops, so
 * a symbol spelled like an index stays quoted); the text between two lines becomes a line break
 * and the indentation of the next line (two spaces per loop), comments kept where they stand: at
 * the end of a line, or on lines of their own indented like the next construct. Blank lines go.
 */
public class LoopsFormatter extends AbstractJavaFormatter {

	@Inject
	private LoopsGrammarAccess grammar;

	/**
	 * A line of a construct: its tokens, from first to last, its canonical text and its depth; the
	 * comments just above a {@code done} belong to the body, one level deeper.
	 */
	private record Line(ISemanticRegion first, ISemanticRegion last, String text, int depth, int commentDepth) {
		Line(ISemanticRegion first, ISemanticRegion last, String text, int depth) {
			this(first, last, text, depth, depth);
		}
	}

	protected void format(Model model, IFormattableDocument document) {
		ITextRegionAccess access = getTextRegionAccess();
		if (access.hasSyntaxError() || !access.getResource().getErrors().isEmpty()) {
			return; // the lines cannot be told apart reliably
		}
		List<Line> lines = new ArrayList<>();
		collect(model, new ArrayList<>(), lines);
		IHiddenRegion gapStart = access.regionForRootEObject().getPreviousHiddenRegion();
		Line previous = null;
		for (Line line : lines) {
			replaceGap(document, gapStart, previous != null, line.first(), "  ".repeat(line.commentDepth()),
					"  ".repeat(line.depth()));
			replace(document, access.regionForOffset(line.first().getOffset(), line.last().getEndOffset() - line.first().getOffset()), line.text());
			gapStart = line.last().getNextHiddenRegion();
			previous = line;
		}
		replaceGap(document, gapStart, previous != null, null, "", "");
	}

	private void collect(Block block, List<String> scope, List<Line> lines) {
		for (Item item : block.getItems()) {
			IEObjectRegion region = getTextRegionAccess().regionForEObject(item);
			String text = CanonicalLines.of(item, scope);
			if (item instanceof Loop loop) {
				ISemanticRegion first = region.getRegionFor().keyword(grammar.getLoopAccess().getForKeyword_0());
				ISemanticRegion last = first;
				while (!isLineBreak(last.getNextSemanticRegion())) {
					last = last.getNextSemanticRegion();
				}
				lines.add(new Line(first, last, text, scope.size()));
				scope.add(loop.getIndex());
				collect(loop, scope, lines);
				scope.remove(scope.size() - 1);
				ISemanticRegion done = region.getRegionFor().keyword(grammar.getLoopAccess().getDoneKeyword_8());
				lines.add(new Line(done, done, "done", scope.size(), scope.size() + 1));
			} else {
				lines.add(new Line(region.getPreviousHiddenRegion().getNextSemanticRegion(),
						region.getNextHiddenRegion().getPreviousSemanticRegion(), text, scope.size()));
			}
		}
	}

	/**
	 * Replaces the text from a hidden region up to the next line (or the end) with its comments,
	 * the line breaks and the next line's indentation.
	 */
	private void replaceGap(IFormattableDocument document, IHiddenRegion start, boolean afterLine, @Nullable ISemanticRegion next,
			String commentIndentation, String indentation) {
		StringBuilder text = new StringBuilder();
		boolean lineOpen = afterLine;
		boolean broken = false;
		IHiddenRegion hidden = start;
		while (true) {
			for (IHiddenRegionPart part : hidden.getParts()) {
				if (part instanceof IComment comment) {
					String body = comment.getText().stripTrailing();
					if (lineOpen && !broken) {
						text.append(' ').append(body);
					} else {
						if (lineOpen) {
							text.append('\n');
						}
						text.append(commentIndentation).append(body);
					}
					lineOpen = true;
				}
			}
			ISemanticRegion following = hidden.getNextSemanticRegion();
			if (following == null || following == next) {
				break;
			}
			broken = true; // a line break token
			hidden = following.getNextHiddenRegion();
		}
		if (lineOpen) {
			text.append('\n');
		}
		if (next != null) {
			text.append(indentation);
		}
		int from = start.getOffset();
		int to = next == null ? getTextRegionAccess().regionForDocument().getEndOffset() : next.getOffset();
		replace(document, getTextRegionAccess().regionForOffset(from, to - from), text.toString());
	}

	private boolean isLineBreak(@Nullable ISemanticRegion region) {
		return region == null || region.getGrammarElement() instanceof RuleCall call && call.getRule() == grammar.getNLRule();
	}

	private static void replace(IFormattableDocument document, ITextSegment region, String text) {
		if (!region.getText().equals(text)) {
			document.addReplacer(new Replacer(region, text));
		}
	}

	/** Replaces a whole segment, tokens and hidden text alike. */
	private record Replacer(ITextSegment region, String text) implements ITextReplacer {
		@Override
		public ITextSegment getRegion() {
			return region;
		}

		// ITextReplacer does not constrain its parameter: the override may not narrow it to non-null
		@Override
		@NonNullByDefault({})
		public ITextReplacerContext createReplacements(ITextReplacerContext context) {
			context.addReplacement(region.replaceWith(text));
			return context;
		}
	}
}
