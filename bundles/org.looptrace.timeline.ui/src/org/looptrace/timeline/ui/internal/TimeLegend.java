// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.looptrace.scanner.profile.TimeText;
import org.looptrace.timeline.TimeColours;

/**
 * The legend of the colours by time in the Timeline view's row of fields: the least time, the scale
 * of colours, the greatest time; hidden until the loops are coloured by time.
 */
final class TimeLegend {

	/** The size of the colour scale. */
	private static final int WIDTH = 100;
	private static final int HEIGHT = 10;

	private final Composite scale;
	private final Label least;
	private final Label most;

	/** The legend, hidden, at the end of a row of a grid. */
	TimeLegend(Composite parent, TimelineFigures.ColorCache colors) {
		scale = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().numColumns(3).spacing(4, 0).applyTo(scale);
		GridDataFactory.fillDefaults().align(SWT.END, SWT.CENTER).exclude(true).applyTo(scale);
		scale.setToolTipText(Messages.TimelineView_legendTooltip);
		least = new Label(scale, SWT.NONE);
		Canvas colours = new Canvas(scale, SWT.NONE);
		GridDataFactory.fillDefaults().hint(WIDTH, HEIGHT).align(SWT.CENTER, SWT.CENTER).applyTo(colours);
		colours.setToolTipText(Messages.TimelineView_legendTooltip);
		colours.addListener(SWT.Paint, event -> {
			for (int x = 0; x < WIDTH; x++) {
				event.gc.setForeground(colors.get(TimeColours.colour((double) x / (WIDTH - 1))));
				event.gc.drawLine(x, 0, x, HEIGHT - 1);
			}
		});
		most = new Label(scale, SWT.NONE);
		scale.setVisible(false);
	}

	/** Shows the legend of the fills of the loops, or hides it when they are not coloured by time. */
	void show(TimeColours fills) {
		if (scale.isDisposed()) {
			return;
		}
		boolean shown = !fills.isEmpty();
		if (shown) {
			least.setText(TimeText.of(fills.least()));
			most.setText(TimeText.of(fills.most()));
		}
		if (scale.getVisible() != shown) {
			scale.setVisible(shown);
			((GridData) scale.getLayoutData()).exclude = !shown;
		}
		scale.getParent().getParent().layout(true, true);
	}

	/** Whether the legend is shown. */
	boolean shown() {
		return scale.getVisible();
	}
}
