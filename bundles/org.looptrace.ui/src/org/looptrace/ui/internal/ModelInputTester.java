// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IEditorInput;
import org.looptrace.ui.ModelViews;

/**
 * {@code org.looptrace.ui.isModel} on an editor input: whether it is a model ({@code .loops}) of the
 * local file system, in the workspace or not. Menus and launch shortcuts test it where a test of the
 * input's {@code IFile} would miss a model opened with File &gt; Open File from outside the workspace.
 */
public final class ModelInputTester extends PropertyTester {

	@Override
	public boolean test(@Nullable Object receiver, @Nullable String property, Object @Nullable [] args, @Nullable Object expectedValue) {
		return receiver instanceof IEditorInput input && input.getName().endsWith(".loops") && ModelViews.ModelFile.of(input) != null;
	}
}
