// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.handlers.HandlerUtil;

/** Configure ▸ "Add LoopTrace nature" on the selected projects, whatever their other natures. */
public final class AddNatureHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) throws ExecutionException {
		for (Object element : HandlerUtil.getCurrentStructuredSelection(event)) {
			IProject project = Adapters.adapt(element, IProject.class);
			if (project != null && project.isOpen()) {
				try {
					LoopTraceNature.addTo(project, null);
				} catch (CoreException e) {
					throw new ExecutionException(e.getMessage(), e);
				}
			}
		}
		return null;
	}
}
