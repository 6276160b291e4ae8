// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.source.ISourceViewerExtension5;
import org.eclipse.jface.util.IPropertyChangeListener;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.swt.custom.StyledText;

/**
 * Refreshes the positions shown as code minings ({@link PositionsMiningProvider}) a pause after
 * each edit and when the preference that shows them is switched: the Generic Editor asks code
 * mining providers only when told to.
 */
public class PositionsMiningReconciler extends WholeTextReconciler {

	private static final int DELAY_MILLIS = 500;

	/** The reconciler the Generic Editor runs on its reconciler thread. */
	public PositionsMiningReconciler() {
		super(new Strategy(), DELAY_MILLIS);
	}

	private static final class Strategy extends WholeTextStrategy implements IPropertyChangeListener {

		@Override
		void install(ITextViewer textViewer) {
			super.install(textViewer);
			EditorPreferences.store().addPropertyChangeListener(this);
		}

		@Override
		void uninstall() {
			EditorPreferences.store().removePropertyChangeListener(this);
			super.uninstall();
		}

		@Override
		void reconcile(IDocument current) {
			updateViewer(current, stamp(current), Strategy::updateMinings);
		}

		@Override
		public void propertyChange(@Nullable PropertyChangeEvent event) {
			ITextViewer textViewer = viewer();
			StyledText widget = textViewer == null ? null : textViewer.getTextWidget();
			if (event != null && EditorPreferences.SHOW_POSITIONS.equals(event.getProperty()) && textViewer != null && widget != null
					&& !widget.isDisposed()) {
				widget.getDisplay().asyncExec(() -> {
					if (!widget.isDisposed()) {
						updateMinings(textViewer);
					}
				});
			}
		}

		private static void updateMinings(ITextViewer textViewer) {
			if (textViewer instanceof ISourceViewerExtension5 minings) {
				minings.updateCodeMinings();
			}
		}
	}
}
