// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.ITypedElement;
import org.eclipse.compare.structuremergeviewer.DocumentRangeNode;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.graphics.Image;

/** A range of a side's document as the compare editor labels it: a name and no image. */
abstract class NamedRange extends DocumentRangeNode implements ITypedElement {

	private final String name;

	NamedRange(@Nullable DocumentRangeNode parent, String id, String name, IDocument document, int start, int length) {
		super(parent, 0, id, document, start, length);
		this.name = name;
	}

	@Override
	public final String getName() {
		return name;
	}

	@Override
	public final @Nullable Image getImage() {
		return null;
	}
}
