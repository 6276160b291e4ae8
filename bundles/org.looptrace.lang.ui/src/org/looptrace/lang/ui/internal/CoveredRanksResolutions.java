// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.filebuffers.ITextFileBufferManager;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.Position;
import org.eclipse.osgi.util.NLS;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.eclipse.ui.texteditor.AbstractMarkerAnnotationModel;
import org.looptrace.lang.internal.ide.constructs.ConstructFacts;
import org.looptrace.lang.internal.validation.LoopsIssueCodes;

/**
 * The quick fix of an annotation that asks for ranks its construct has no event on: its ranks
 * reduced to those the construct covers ({@link ConstructFacts#coveredRanks}). Offered in the
 * editor's hover and Ctrl+1 and in the Problems view. The fix edits the file's document: the open
 * editor's (to be saved by the user) or, when none is open, the file itself.
 */
public class CoveredRanksResolutions implements IMarkerResolutionGenerator2 {

	@Override
	public boolean hasResolutions(@Nullable IMarker marker) {
		return marker != null && LoopsIssueCodes.UNCOVERED_RANKS.equals(marker.getAttribute(LoopsBuilder.CODE, ""));
	}

	@Override
	public IMarkerResolution[] getResolutions(@Nullable IMarker marker) {
		if (marker == null || !hasResolutions(marker) || !(marker.getResource() instanceof IFile file)) {
			return new IMarkerResolution[0];
		}
		IMarker uncovered = marker; // non-null here, as the lambda must know
		try {
			ConstructFacts.Replacement fix = edit(file,
					buffer -> ConstructFacts.coveredRanks(buffer.getDocument().get(), offsetOf(uncovered, buffer)), false);
			return fix == null ? new IMarkerResolution[0] : new IMarkerResolution[] { new Resolution(fix) };
		} catch (CoreException | BadLocationException e) {
			ILog.of(CoveredRanksResolutions.class).error("no quick fix for " + file, e);
			return new IMarkerResolution[0];
		}
	}

	/**
	 * Where the marker is in the file's document now: an open editor moves it with the edits not saved
	 * yet (the marker's own offset is the file's as saved), so its fix applies to the text as shown.
	 */
	private static int offsetOf(IMarker marker, ITextFileBuffer buffer) {
		if (buffer.getAnnotationModel() instanceof AbstractMarkerAnnotationModel model) {
			Position position = model.getMarkerPosition(marker);
			if (position != null && !position.isDeleted()) {
				return position.getOffset();
			}
		}
		return marker.getAttribute(IMarker.CHAR_START, -1);
	}

	/** What is done with the document of a file. */
	private interface DocumentWork<T> {
		@Nullable
		T apply(ITextFileBuffer buffer) throws BadLocationException;
	}

	/** Works on the file's document, saving it afterwards when no editor has it open. */
	private static <T> @Nullable T edit(IFile file, DocumentWork<T> work, boolean save) throws CoreException, BadLocationException {
		ITextFileBufferManager manager = FileBuffers.getTextFileBufferManager();
		manager.connect(file.getFullPath(), LocationKind.IFILE, null);
		try {
			ITextFileBuffer buffer = manager.getTextFileBuffer(file.getFullPath(), LocationKind.IFILE);
			T result = work.apply(buffer);
			if (save && !buffer.isShared()) {
				buffer.commit(null, true);
			}
			return result;
		} finally {
			manager.disconnect(file.getFullPath(), LocationKind.IFILE, null);
		}
	}

	private static final class Resolution implements IMarkerResolution {
		private final ConstructFacts.Replacement fix;

		Resolution(ConstructFacts.Replacement fix) {
			this.fix = fix;
		}

		@Override
		public String getLabel() {
			return NLS.bind(Messages.CoveredRanks_label, fix.text());
		}

		@Override
		public void run(@Nullable IMarker marker) {
			if (marker == null || !(marker.getResource() instanceof IFile file)) {
				return;
			}
			try {
				edit(file, buffer -> {
					buffer.getDocument().replace(fix.offset(), fix.length(), fix.text());
					return null;
				}, true);
			} catch (CoreException | BadLocationException e) {
				ILog.of(CoveredRanksResolutions.class).error("the quick fix failed on " + file, e);
			}
		}
	}
}
