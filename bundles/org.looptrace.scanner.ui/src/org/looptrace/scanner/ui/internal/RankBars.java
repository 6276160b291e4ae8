// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.util.Comparator;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.OwnerDrawLabelProvider;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.TreeItem;
import org.looptrace.scanner.profile.ConstructTime;
import org.looptrace.scanner.profile.RankTime;
import org.looptrace.scanner.profile.TimeText;

/**
 * The Profile view's strip of bars, one per rank of the run in rank order, as high as the rank's
 * total time in the construct relative to the busiest rank (whose bar is drawn in another colour);
 * a rank the construct does not run on has no bar. Its tooltip names the busiest and the least busy rank.
 */
final class RankBars extends OwnerDrawLabelProvider {

	/** Colours made without a device hold no resource of the system: nothing to dispose. */
	private static final Color BAR = new Color(0x4a, 0x78, 0xb5);
	private static final Color BUSIEST = new Color(0xd9, 0x82, 0x2b);
	private static final Color BASELINE = new Color(0xc8, 0xc8, 0xc8);
	private static final int MARGIN = 3;
	/** The widest a bar gets: a construct on few ranks does not fill the column with blocks. */
	private static final int MAX_BAR = 10;

	private final Supplier<@Nullable ProfileData> data;

	/** @param data what the view shows */
	RankBars(Supplier<@Nullable ProfileData> data) {
		this.data = data;
	}

	@Override
	protected void measure(@Nullable Event event, @Nullable Object element) {
		// the column's width is the layout's; the row's height is the tree's
	}

	@Override
	protected void paint(@Nullable Event event, @Nullable Object element) {
		ProfileData shown = data.get();
		if (event == null || !(element instanceof ProfileData.Row row) || shown == null || !(event.item instanceof TreeItem item)) {
			return;
		}
		ConstructTime time = row.time();
		long[] times = shown.rankTimes(row);
		if (time == null || times.length == 0) {
			return;
		}
		Rectangle cell = item.getBounds(event.index);
		int width = cell.width - 2 * MARGIN;
		int height = cell.height - 2 * MARGIN;
		if (width <= 0 || height <= 0) {
			return;
		}
		long most = time.busiest().totalTime();
		int busiestIndex = shown.ranks().indexOf(time.busiest().rank());
		GC gc = event.gc;
		Color saved = gc.getBackground();
		int bottom = cell.y + MARGIN + height;
		double step = Math.min(MAX_BAR, (double) width / times.length);
		gc.setForeground(BASELINE);
		gc.drawLine(cell.x + MARGIN, bottom - 1, cell.x + MARGIN + (int) Math.ceil(step * times.length) - 1, bottom - 1);
		for (int i = 0; i < times.length; i++) {
			if (times[i] <= 0 || most <= 0) {
				continue;
			}
			int left = cell.x + MARGIN + (int) Math.floor(i * step);
			int right = cell.x + MARGIN + (int) Math.floor((i + 1) * step);
			int barWidth = Math.max(1, right - left - (step >= 4 ? 1 : 0)); // a gap between bars once they are wide enough
			int barHeight = Math.max(1, (int) Math.round((double) times[i] * height / most));
			gc.setBackground(i == busiestIndex ? BUSIEST : BAR);
			gc.fillRectangle(left, bottom - barHeight, barWidth, barHeight);
		}
		gc.setBackground(saved);
	}

	@Override
	public @Nullable String getToolTipText(@Nullable Object element) {
		ConstructTime time = element instanceof ProfileData.Row row ? row.time() : null;
		if (time == null) {
			return null;
		}
		RankTime most = time.busiest();
		RankTime least = time.ranks().stream().min(Comparator.comparingLong(RankTime::totalTime)).orElse(most);
		return NLS.bind(Messages.ProfileView_ranksTooltip, new Object[] { time.ranks().size(), most.rank(), TimeText.of(most.totalTime()),
				least.rank(), TimeText.of(least.totalTime()) });
	}
}
