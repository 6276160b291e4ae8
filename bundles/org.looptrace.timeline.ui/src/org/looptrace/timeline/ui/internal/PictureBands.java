// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.Arrays;

import org.eclipse.draw2d.geometry.Rectangle;

/**
 * The elements of a picture by where they are drawn: the picture cut in horizontal bands, each
 * band listing the elements that reach into it. A picture of many ranks is tall and as wide as
 * the view, so bands find what a region shows without looking at the rest.
 */
final class PictureBands {

	/** The height of a band, in the layout's pixels: about a view's height at zoom 1. */
	private static final int BAND = 512;

	private final int[][] elements;
	private final int[] sizes;
	private final Rectangle[] extents;

	/**
	 * Bands over a picture of some height, for elements numbered from 0; {@link #file} each, then
	 * {@link #seal}.
	 */
	PictureBands(double height, int count) {
		int bands = Math.max(1, (int) Math.ceil(height / BAND) + 1);
		elements = new int[bands][];
		sizes = new int[bands];
		for (int band = 0; band < bands; band++) {
			elements[band] = new int[8];
		}
		extents = new Rectangle[count];
	}

	/** Files an element in the bands its extent reaches. */
	void file(int element, Rectangle extent) {
		extents[element] = extent;
		if (extent.isEmpty()) {
			return;
		}
		for (int band = band(extent.y); band <= band(extent.bottom()); band++) {
			if (sizes[band] == elements[band].length) {
				elements[band] = Arrays.copyOf(elements[band], 2 * sizes[band]);
			}
			elements[band][sizes[band]++] = element;
		}
	}

	/** Drops the room left in the bands. */
	void seal() {
		for (int band = 0; band < elements.length; band++) {
			elements[band] = Arrays.copyOf(elements[band], sizes[band]);
		}
	}

	/** The elements whose extent meets a region, in band order, an element reaching into several bands once each band. */
	int[] within(Rectangle region) {
		int first = band(region.y);
		int last = band(region.bottom());
		int total = 0;
		for (int band = first; band <= last; band++) {
			total += elements[band].length;
		}
		int[] found = new int[total];
		int count = 0;
		for (int band = first; band <= last; band++) {
			for (int element : elements[band]) {
				if (extents[element].intersects(region)) {
					found[count++] = element;
				}
			}
		}
		return Arrays.copyOf(found, count);
	}

	/** Where an element is drawn, as filed. */
	Rectangle extent(int element) {
		return extents[element];
	}

	private int band(int y) {
		return Math.max(0, Math.min(elements.length - 1, y / BAND));
	}
}
