// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.ImageRegistry;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.swt.graphics.Image;
import org.looptrace.scanner.ui.ScannerUi;

/** The icon of the scanner (launch type, shortcut, tab, view), in JFace's registry (disposed with the display). */
final class ScannerImages {

	private static final String ICON = "icons/scanner.png";
	private static final String KEY = ScannerUi.BUNDLE_ID + "/" + ICON;

	private ScannerImages() {
	}

	/** The scanner icon; must be called in the UI thread. */
	static Image scanner() {
		ImageRegistry registry = JFaceResources.getImageRegistry();
		Image image = registry.get(KEY);
		if (image == null) {
			registry.put(KEY, ResourceLocator.imageDescriptorFromBundle(ScannerUi.BUNDLE_ID, ICON).orElse(ImageDescriptor.getMissingImageDescriptor()));
			image = registry.get(KEY);
		}
		return image;
	}
}
