// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.navigator;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IMemento;
import org.eclipse.ui.navigator.IMementoAware;

/** What the navigator asks of its content and label providers to save across sessions: runs keep nothing. */
interface NoState extends IMementoAware {

	@Override
	default void restoreState(@Nullable IMemento memento) {
		// nothing saved
	}

	@Override
	default void saveState(@Nullable IMemento memento) {
		// nothing to save
	}
}
