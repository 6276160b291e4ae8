// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.ImageRegistry;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.swt.graphics.Image;
import org.looptrace.scanner.ui.ScannerUi;

/** The icons of the scanner's IDE side; images in JFace's registry (disposed with the display). */
final class ScannerImages {

	/** The scanner: launch type, shortcut, tab, view, console. */
	static final String SCANNER = "icons/scanner.png";
	/** The chart as a histogram. */
	static final String HISTOGRAM = "icons/histogram.png";
	/** The chart as a series over occurrences. */
	static final String SERIES = "icons/series.png";
	/** The Profile view, and its refresh. */
	static final String PROFILE = "icons/profile.png";
	static final String REFRESH = "icons/refresh.png";

	private ScannerImages() {
	}

	/** The descriptor of an icon of this bundle. */
	static ImageDescriptor descriptor(String icon) {
		return ResourceLocator.imageDescriptorFromBundle(ScannerUi.BUNDLE_ID, icon).orElse(ImageDescriptor.getMissingImageDescriptor());
	}

	/** The scanner icon; must be called in the UI thread. */
	static Image scanner() {
		ImageRegistry registry = JFaceResources.getImageRegistry();
		String key = ScannerUi.BUNDLE_ID + "/" + SCANNER;
		Image image = registry.get(key);
		if (image == null) {
			registry.put(key, descriptor(SCANNER));
			image = registry.get(key);
		}
		return image;
	}
}
