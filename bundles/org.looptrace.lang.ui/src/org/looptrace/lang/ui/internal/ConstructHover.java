// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.io.File;
import java.nio.file.Path;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.DefaultInformationControl;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IInformationControlCreator;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextHoverExtension;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.ui.editors.text.EditorsUI;
import org.looptrace.lang.internal.ide.constructs.ConstructFacts;

/**
 * The hover of a construct in a model: its path, ranks, iterations, events and positions per rank,
 * and its time when the model's run has data traces ({@link ConstructFacts#hover}). The viewer asks for it on its hover thread, so parsing the text
 * never blocks the UI. Shown as plain text: polynomials and paths need no markup.
 */
public class ConstructHover implements ITextHover, ITextHoverExtension {

	@Override
	public @Nullable String getHoverInfo(@Nullable ITextViewer viewer, @Nullable IRegion region) {
		if (viewer == null || region == null || viewer.getDocument() == null) {
			return null;
		}
		return ConstructFacts.hover(viewer.getDocument().get(), region.getOffset(), localFile(viewer.getDocument()));
	}

	/** The model's file in the file system, where the data traces of its run are found; null for a document of no file. */
	private static @Nullable Path localFile(IDocument document) {
		ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
		IPath location = buffer == null ? null : buffer.getLocation();
		File file = location == null ? null : FileBuffers.getSystemFileAtLocation(location);
		return file == null ? null : file.toPath();
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
