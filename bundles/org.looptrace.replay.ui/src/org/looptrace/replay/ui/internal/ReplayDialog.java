// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.osgi.util.NLS;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.scanner.profile.TimeProfile;

/**
 * Asks where to write a model's replay program (a workspace folder, or for a model outside the
 * workspace a folder of the file system), which data traces to take
 * message sizes and gaps from (a folder on disk, or none) and what computation to replay between
 * events; OK is enabled only while the answers make settings.
 */
final class ReplayDialog extends TitleAreaDialog {

	private ReplaySettings settings;
	private @Nullable Text folder;
	private @Nullable Text data;
	private @Nullable Combo compute;

	ReplayDialog(@Nullable Shell parent, ReplaySettings defaults) {
		super(parent);
		this.settings = defaults;
	}

	/** The settings the user accepted (the defaults until OK). */
	ReplaySettings settings() {
		return settings;
	}

	@Override
	protected void configureShell(@Nullable Shell shell) {
		super.configureShell(shell);
		if (shell != null) {
			shell.setText(Messages.ReplayDialog_title);
			shell.setData(this);
		}
	}

	@Override
	protected Control createDialogArea(@Nullable Composite parent) {
		Composite area = (Composite) super.createDialogArea(parent);
		setTitle(Messages.ReplayDialog_title);
		setMessage(NLS.bind(Messages.ReplayDialog_message, settings.model().name()));
		Composite fields = new Composite(area, SWT.NONE);
		fields.setLayout(new GridLayout(PathFields.COLUMNS, false));
		fields.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
		folder = field(PathFields.folderRow(fields, Messages.ReplayDialog_folder, Messages.Replay_folderHint), settings.folderLabel());
		Path dataPath = settings.options().data();
		data = field(PathFields.dataRow(fields), dataPath == null ? "" : dataPath.toString());
		new Label(fields, SWT.NONE).setText(Messages.Replay_compute);
		Combo combo = new Combo(fields, SWT.READ_ONLY);
		combo.setItems(Arrays.stream(Compute.values()).map(value -> value.name().toLowerCase(Locale.ROOT)).toArray(String[]::new));
		combo.select(settings.options().compute().ordinal());
		combo.setLayoutData(new GridData(SWT.BEGINNING, SWT.CENTER, false, false));
		combo.addModifyListener(event -> validate());
		compute = combo;
		return area;
	}

	private Text field(Text text, String value) {
		text.setText(value);
		text.addModifyListener(event -> validate());
		return text;
	}

	@Override
	protected void createButtonsForButtonBar(@Nullable Composite parent) {
		super.createButtonsForButtonBar(parent);
		getButton(IDialogConstants.OK_ID).setText(Messages.ReplayDialog_generate);
		validate();
	}

	/** Reads the fields into settings, or shows what is wrong with them and disables OK. */
	private void validate() {
		Text folderText = folder;
		Text dataText = data;
		Combo combo = compute;
		if (folderText == null || dataText == null || combo == null || getButton(IDialogConstants.OK_ID) == null) {
			return;
		}
		String path = folderText.getText().trim();
		Path target = ReplaySettings.folder(path);
		Path dataPath = dataText.getText().isBlank() ? null : Path.of(dataText.getText().trim());
		Compute mode = Compute.values()[Math.max(0, combo.getSelectionIndex())];
		String error = null;
		if (target == null) {
			error = NLS.bind(Messages.ReplayDialog_folderInvalid, path);
		} else if (dataPath != null && !Files.isDirectory(dataPath)) {
			error = NLS.bind(Messages.ReplayDialog_dataMissing, dataPath);
		} else if (dataPath != null && !TimeProfile.hasDataTraces(dataPath)) {
			error = NLS.bind(Messages.ReplayDialog_noData, dataPath);
		} else if (dataPath == null && mode != Compute.NONE) {
			error = NLS.bind(Messages.ReplayDialog_computeNeedsData, mode.name().toLowerCase(Locale.ROOT));
		}
		setErrorMessage(error);
		getButton(IDialogConstants.OK_ID).setEnabled(error == null);
		if (target != null && error == null) {
			settings = new ReplaySettings(settings.model(), target, new ReplayOptions(dataPath, mode));
		}
	}
}
