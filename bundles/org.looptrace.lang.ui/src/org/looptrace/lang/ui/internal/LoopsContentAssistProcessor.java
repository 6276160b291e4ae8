// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.CompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContentAssistProcessor;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.looptrace.lang.internal.ide.EditorServices;

/**
 * Completion in {@code .loops} text from the language's IDE content assist: keywords, templates,
 * loop indices in scope, tags and collective names of the model, data attributes of its traces.
 */
public class LoopsContentAssistProcessor implements IContentAssistProcessor {

	@Override
	public ICompletionProposal @Nullable [] computeCompletionProposals(@Nullable ITextViewer viewer, int offset) {
		IDocument document = viewer == null ? null : viewer.getDocument();
		if (document == null) {
			return null;
		}
		return EditorServices.proposals(document.get(), offset, fileName(document)).stream()
				.map(entry -> proposal(entry, offset))
				.toArray(ICompletionProposal[]::new);
	}

	private static ICompletionProposal proposal(ContentAssistEntry entry, int offset) {
		String text = entry.getProposal();
		String prefix = entry.getPrefix() == null ? "" : entry.getPrefix();
		String label = entry.getLabel() != null ? entry.getLabel() : text;
		String shown = entry.getDescription() == null || entry.getDescription().equals(label) ? label
				: label + " - " + entry.getDescription();
		return new CompletionProposal(text, offset - prefix.length(), prefix.length(), text.length(), null, shown, null, null);
	}

	/** The model's file in the file system, so that the traces beside it are found; a bare name else. */
	private static String fileName(IDocument document) {
		ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
		IPath location = buffer == null ? null : buffer.getLocation();
		if (location == null) {
			return "edited.loops";
		}
		IPath local = FileBuffers.getSystemFileAtLocation(location) == null ? null
				: IPath.fromFile(FileBuffers.getSystemFileAtLocation(location));
		return local == null ? location.toString() : local.toOSString();
	}

	@Override
	public IContextInformation @Nullable [] computeContextInformation(@Nullable ITextViewer viewer, int offset) {
		return null;
	}

	@Override
	public char @Nullable [] getCompletionProposalAutoActivationCharacters() {
		return new char[] { '.' };
	}

	@Override
	public char @Nullable [] getContextInformationAutoActivationCharacters() {
		return null;
	}

	@Override
	public @Nullable String getErrorMessage() {
		return null;
	}

	@Override
	public @Nullable IContextInformationValidator getContextInformationValidator() {
		return null;
	}
}
