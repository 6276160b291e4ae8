// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.util.Arrays;
import java.util.Locale;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.looptrace.replay.ReplayOptions.Compute;

/**
 * The Main tab of a LoopTrace Replay configuration: the model, the program's folder (empty:
 * {@code replay} beside the model), the data traces (empty: none), the computation and the number
 * of ranks. Its error message says what keeps the configuration from launching.
 */
public final class ReplayMainTab extends AbstractLaunchConfigurationTab {

	/** The tab's fields, made by {@link #createControl}. */
	private record Widgets(Text model, Text folder, Text data, Combo compute, Spinner ranks) {
	}

	private @Nullable Widgets widgets;

	@Override
	public void createControl(@Nullable Composite parent) {
		Composite page = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(page);
		setControl(page);
		Text model = text(page, "Model (workspace):");
		Text folder = text(page, "Program folder (workspace, empty: replay beside the model):");
		Text data = text(page, "Data traces folder (empty: none):");
		new Label(page, SWT.NONE).setText("Computation between events:");
		Combo compute = new Combo(page, SWT.READ_ONLY);
		compute.setItems(Arrays.stream(Compute.values()).map(value -> value.name().toLowerCase(Locale.ROOT)).toArray(String[]::new));
		compute.addListener(SWT.Selection, event -> updateLaunchConfigurationDialog());
		new Label(page, SWT.NONE).setText("Ranks (mpirun -np):");
		Spinner ranks = new Spinner(page, SWT.BORDER);
		ranks.setValues(1, 1, 1 << 20, 0, 1, 8);
		ranks.addListener(SWT.Modify, event -> updateLaunchConfigurationDialog());
		widgets = new Widgets(model, folder, data, compute, ranks);
	}

	private Text text(Composite parent, String label) {
		new Label(parent, SWT.NONE).setText(label);
		Text text = new Text(parent, SWT.SINGLE | SWT.BORDER);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(text);
		text.addListener(SWT.Modify, event -> updateLaunchConfigurationDialog());
		return text;
	}

	@Override
	public void setDefaults(@Nullable ILaunchConfigurationWorkingCopy configuration) {
		if (configuration != null) {
			configuration.setAttribute(ReplayLaunchDelegate.ATTR_COMPUTE, Compute.NONE.name());
			configuration.setAttribute(ReplayLaunchDelegate.ATTR_RANKS, 1);
		}
	}

	@Override
	public void initializeFrom(@Nullable ILaunchConfiguration configuration) {
		Widgets w = widgets;
		if (w == null || configuration == null) {
			return;
		}
		try {
			w.model().setText(configuration.getAttribute(ReplayLaunchDelegate.ATTR_MODEL, ""));
			w.folder().setText(configuration.getAttribute(ReplayLaunchDelegate.ATTR_FOLDER, ""));
			w.data().setText(configuration.getAttribute(ReplayLaunchDelegate.ATTR_DATA, ""));
			w.compute().select(Compute.valueOf(configuration.getAttribute(ReplayLaunchDelegate.ATTR_COMPUTE, Compute.NONE.name())).ordinal());
			w.ranks().setSelection(configuration.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 1));
		} catch (CoreException | IllegalArgumentException e) {
			setErrorMessage(e.getMessage());
		}
	}

	@Override
	public void performApply(@Nullable ILaunchConfigurationWorkingCopy configuration) {
		Widgets w = widgets;
		if (w == null || configuration == null) {
			return;
		}
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_MODEL, w.model().getText().trim());
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_FOLDER, w.folder().getText().trim());
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_DATA, w.data().getText().trim());
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_COMPUTE, Compute.values()[Math.max(0, w.compute().getSelectionIndex())].name());
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_RANKS, w.ranks().getSelection());
	}

	@Override
	public boolean isValid(@Nullable ILaunchConfiguration configuration) {
		setErrorMessage(null);
		if (configuration == null) {
			return false;
		}
		try {
			ReplayLaunchDelegate.settings(configuration);
			return true;
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
			return false;
		}
	}

	@Override
	public String getName() {
		return "Main";
	}
}
