// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;

/**
 * The tree of an outline: the input is the list of top-level nodes, a node's children are those of
 * its loop; a node's parent is found by its path (through the map of the nodes shown).
 */
final class OutlineContent implements ITreeContentProvider {

	private Map<String, ModelOutline.Node> byPath = Map.of();

	/** The nodes shown now, by path, for {@link #getParent}. */
	void setNodes(Map<String, ModelOutline.Node> nodes) {
		byPath = nodes;
	}

	@Override
	public Object[] getElements(@Nullable Object input) {
		return input instanceof List<?> list ? list.toArray() : new Object[0];
	}

	@Override
	public Object[] getChildren(@Nullable Object parent) {
		return parent instanceof ModelOutline.Node node ? node.children().toArray() : new Object[0];
	}

	@Override
	public @Nullable Object getParent(@Nullable Object element) {
		if (!(element instanceof ModelOutline.Node node) || node.path().indexOf('.') < 0) {
			return null;
		}
		return byPath.get(node.path().substring(0, node.path().lastIndexOf('.')));
	}

	@Override
	public boolean hasChildren(@Nullable Object element) {
		return element instanceof ModelOutline.Node node && !node.children().isEmpty();
	}
}
