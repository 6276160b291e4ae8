// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.jface.preference.PreferenceDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.dialogs.PreferencesUtil;
import org.junit.jupiter.api.Test;
import org.looptrace.ui.testsupport.Workbench;

/** Window ▸ Preferences ▸ LoopTrace in a real workbench: what its fields say when a value is not valid. */
class PreferencePageTest {

	private static final String PAGE = "org.looptrace.ui.preferences";

	/**
	 * A bad value's message names its field, and stays while that field is bad, though another field
	 * is edited meanwhile: Apply stays disabled for a reason the page still shows.
	 */
	@Test
	void aBadValueIsAMessageNamingItsFieldUntilItIsCorrected() {
		PreferenceDialog dialog = PreferencesUtil.createPreferenceDialogOn(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(),
				PAGE, new String[] { PAGE }, null);
		dialog.setBlockOnOpen(false);
		dialog.open();
		try {
			LoopTracePreferencePage page = (LoopTracePreferencePage) dialog.getSelectedPage();
			List<Text> fields = Workbench.texts(page.getControl());
			Text maxBody = fields.get(0);
			Text threads = fields.get(2);
			String before = maxBody.getText();
			type(maxBody, "abc");
			String message = String.valueOf(page.getErrorMessage());
			assertTrue(message.startsWith(Messages.Preferences_maxBody.replace(":", "")),
					message + " " + fields.stream().map(Text::getText).toList());
			assertFalse(page.isValid());

			type(threads, "3");
			assertEquals(message, page.getErrorMessage(), "the message goes while its field is still bad");
			assertFalse(page.isValid());
			type(threads, "x");
			String threadsMessage = String.valueOf(page.getErrorMessage());
			assertTrue(threadsMessage.startsWith(Messages.Preferences_threads.replace(":", "")), threadsMessage);

			type(maxBody, before);
			assertEquals(threadsMessage, page.getErrorMessage(), "the message of the field still bad");
			assertFalse(page.isValid());
			type(threads, "2");
			assertNull(page.getErrorMessage());
			assertTrue(page.isValid());
		} finally {
			dialog.close();
		}
	}

	/** Sets a field's text as typed: the field checks its value when a key is released. */
	private static void type(Text field, String text) {
		field.setText(text);
		field.notifyListeners(SWT.KeyUp, new Event());
	}
}
