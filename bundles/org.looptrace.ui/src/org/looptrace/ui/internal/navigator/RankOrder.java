// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.navigator;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.core.resources.IResource;

/** The order of the files beneath a run's {@link RankFiles}: by kind, then by rank as a number. */
public final class RankOrder extends ViewerComparator {

	@Override
	public int compare(@Nullable Viewer viewer, @Nullable Object a, @Nullable Object b) {
		return a instanceof IResource x && b instanceof IResource y ? RankFiles.ORDER.compare(x, y) : 0;
	}
}
