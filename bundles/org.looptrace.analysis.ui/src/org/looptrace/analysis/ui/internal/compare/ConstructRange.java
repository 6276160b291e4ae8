// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.ITypedElement;
import org.eclipse.compare.structuremergeviewer.DocumentRangeNode;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.graphics.Image;

/**
 * The lines of one side of a difference, in a copy of that side's text (the compare framework's
 * document range of a structure node). Read-only, since the copy is not the file: the user edits the
 * models in the text panes of the whole files, whose saving is the compare editor's.
 */
final class ConstructRange extends DocumentRangeNode implements ITypedElement {

	private final String name;

	/**
	 * @param name   the construct's path and line, or the model's name for a whole model
	 * @param start  the offset of the range's first character in {@code document}
	 * @param length the length of the range, its last line delimiter included
	 */
	ConstructRange(String name, IDocument document, int start, int length) {
		super(0, name, document, start, length);
		this.name = name;
	}

	@Override
	public String getName() {
		return name;
	}

	@Override
	public @Nullable Image getImage() {
		return null;
	}

	/** Text: the lines of a construct are no model to compare again, only lines to show. */
	@Override
	public String getType() {
		return ITypedElement.TEXT_TYPE;
	}

	@Override
	public boolean isEditable() {
		return false;
	}

	@Override
	public boolean isReadOnly() {
		return true;
	}
}
