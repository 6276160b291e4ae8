// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;

/**
 * Gives the editors of {@code .loops} files their outline: the Generic Editor has none of its own
 * and asks the platform's adapters, as the Outline view asks every editor. A new page for each
 * editor (the Outline view keeps one page per editor).
 */
public class LoopsOutlineAdapterFactory implements IAdapterFactory {

	/** Unannotated, as the interface's type variable is: null means "no outline for this editor". */
	@Override
	@NonNullByDefault({})
	public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
		if (adapterType == IContentOutlinePage.class && adaptable instanceof ITextEditor editor && isModel(editor)) {
			return adapterType.cast(new LoopsOutlinePage(editor));
		}
		return null;
	}

	@Override
	public Class<?>[] getAdapterList() {
		return new Class<?>[] { IContentOutlinePage.class };
	}

	/**
	 * Whether the editor shows a {@code .loops} file: in the workspace, or outside it (File ▸ Open
	 * File on a model the command line wrote), where the input has a name but no IFile.
	 */
	static boolean isModel(ITextEditor editor) {
		IEditorInput input = editor.getEditorInput();
		return input != null && input.getName().endsWith(".loops");
	}
}
