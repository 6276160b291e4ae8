// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** Help ▸ Welcome: opens the Welcome page, or brings it to the front. */
public final class WelcomeHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) throws ExecutionException {
		try {
			WelcomeEditor.open(HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage());
		} catch (PartInitException e) {
			throw new ExecutionException(e.getMessage(), e);
		}
		return null;
	}
}
