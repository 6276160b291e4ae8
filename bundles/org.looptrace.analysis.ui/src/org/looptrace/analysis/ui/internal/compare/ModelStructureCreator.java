// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal.compare;

import org.eclipse.compare.ISharedDocumentAdapter;
import org.eclipse.compare.ITypedElement;
import org.eclipse.compare.structuremergeviewer.IStructureComparator;
import org.eclipse.compare.structuremergeviewer.StructureCreator;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.looptrace.analysis.ui.internal.Messages;

/**
 * The structure of one side of two models: a {@link ModelNode} on the side's document (the text
 * panes' own document when the side is a file, so ranges follow edits). Its differences are given
 * by {@link ModelDiffViewer}, which sees both sides.
 */
final class ModelStructureCreator extends StructureCreator {

	@Override
	public String getName() {
		return Messages.ModelCompare_title;
	}

	@Override
	@NonNullByDefault({})
	protected IStructureComparator createStructureComparator(Object element, IDocument document, ISharedDocumentAdapter adapter,
			IProgressMonitor monitor) {
		return new ModelNode(element instanceof ITypedElement typed ? typed.getName() : Messages.ModelCompare_title, document);
	}

	/**
	 * A difference's side and lines; nothing for a whole model, so that two models without
	 * differences are equal here whatever their text.
	 */
	@Override
	public String getContents(@Nullable Object node, boolean ignoreWhitespace) {
		return node instanceof DifferenceRange range ? range.contents() : ""; //$NON-NLS-1$
	}
}
