// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider.IStyledLabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.StyledString;
import org.eclipse.swt.graphics.Image;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;

/**
 * Labels of the outline's nodes as JDT shows members: an icon per kind of construct, the path greyed
 * before the construct's text and its counts after it, in the colour of decorations.
 */
final class OutlineLabels extends LabelProvider implements IStyledLabelProvider {

	private final LocalResourceManager resources = new LocalResourceManager(JFaceResources.getResources());
	private final Map<ModelOutline.Kind, Image> images = new EnumMap<>(ModelOutline.Kind.class);

	@Override
	public StyledString getStyledText(@Nullable Object element) {
		if (!(element instanceof ModelOutline.Node node)) {
			return new StyledString();
		}
		String full = node.text();
		StyledString text = new StyledString(node.path() + " ", StyledString.QUALIFIER_STYLER);
		text.append(node.label());
		text.append(full.substring(node.path().length() + 1 + node.label().length()), StyledString.DECORATIONS_STYLER);
		return text;
	}

	@Override
	public String getText(@Nullable Object element) {
		return element instanceof ModelOutline.Node node ? node.text() : "";
	}

	@Override
	public @Nullable Image getImage(@Nullable Object element) {
		if (!(element instanceof ModelOutline.Node node)) {
			return null;
		}
		return images.computeIfAbsent(node.kind(), kind -> resources.create(icon(kind)));
	}

	/** The icon of a kind of construct, from the bundle's {@code icons/}. */
	static ImageDescriptor icon(ModelOutline.Kind kind) {
		return ResourceLocator.imageDescriptorFromBundle(OutlineLabels.class, "icons/" + kind.name().toLowerCase(Locale.ROOT) + ".png")
				.orElse(ImageDescriptor.getMissingImageDescriptor());
	}

	@Override
	public void dispose() {
		resources.dispose();
		super.dispose();
	}
}
