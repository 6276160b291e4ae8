// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.DefaultInformationControl;
import org.eclipse.jface.text.IInformationControlCreator;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextHoverExtension;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.ui.editors.text.EditorsUI;
import org.looptrace.lang.internal.ide.constructs.ConstructFacts;

/**
 * The hover of a construct in a model: its path, ranks, iterations, events and positions per rank
 * ({@link ConstructFacts#hover}). The viewer asks for it on its hover thread, so parsing the text
 * never blocks the UI. Shown as plain text: polynomials and paths need no markup.
 */
public class ConstructHover implements ITextHover, ITextHoverExtension {

	@Override
	public @Nullable String getHoverInfo(@Nullable ITextViewer viewer, @Nullable IRegion region) {
		if (viewer == null || region == null || viewer.getDocument() == null) {
			return null;
		}
		return ConstructFacts.hover(viewer.getDocument().get(), region.getOffset());
	}

	@Override
	public IRegion getHoverRegion(@Nullable ITextViewer viewer, int offset) {
		return new Region(offset, 0);
	}

	@Override
	public IInformationControlCreator getHoverControlCreator() {
		return parent -> new DefaultInformationControl(parent, EditorsUI.getTooltipAffordanceString(),
				(DefaultInformationControl.IInformationPresenter) null);
	}
}
