// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.util.Arrays;
import java.util.Locale;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.osgi.util.NLS;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.ui.ModelField;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * The Main tab of a LoopTrace Replay configuration: the model (a workspace path, or the file system
 * path of a model outside the workspace), the program's folder (empty:
 * {@code replay} beside the model), the data traces (empty: none), the computation and the number
 * of ranks, which must be the model's (set from it when the model is). Its error message says what
 * keeps the configuration from launching.
 */
public final class ReplayMainTab extends AbstractLaunchConfigurationTab {

	/** The tab's fields, made by {@link #createControl}. */
	private record Widgets(Text model, Text folder, Text data, Combo compute, Spinner ranks) {
	}

	/** The ranks of the model file last asked about, as it was then. */
	private record Ranks(ModelFile model, long stamp, int ranks) {
	}

	private @Nullable Widgets widgets;
	private @Nullable Ranks ranksOfModel;

	@Override
	public void createControl(@Nullable Composite parent) {
		Composite page = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(PathFields.COLUMNS).applyTo(page);
		setControl(page);
		Text model = text(PathFields.modelRow(page, Messages.ReplayMainTab_model, Messages.ReplayMainTab_modelHint));
		Text folder = text(PathFields.folderRow(page, Messages.ReplayMainTab_folder, Messages.ReplayMainTab_folderHint));
		Text data = text(PathFields.dataRow(page));
		new Label(page, SWT.NONE).setText(Messages.Replay_compute);
		Combo compute = new Combo(page, SWT.READ_ONLY);
		compute.setItems(Arrays.stream(Compute.values()).map(value -> value.name().toLowerCase(Locale.ROOT)).toArray(String[]::new));
		GridDataFactory.swtDefaults().applyTo(compute);
		compute.addListener(SWT.Selection, event -> updateLaunchConfigurationDialog());
		new Label(page, SWT.NONE).setText(Messages.ReplayMainTab_ranks);
		Spinner ranks = new Spinner(page, SWT.BORDER);
		ranks.setValues(1, 1, 1 << 20, 0, 1, 8);
		GridDataFactory.swtDefaults().applyTo(ranks);
		ranks.addListener(SWT.Modify, event -> updateLaunchConfigurationDialog());
		// a model set or changed brings its number of ranks, which its program must run on
		model.addListener(SWT.Modify, event -> {
			ModelFile file = ModelField.modelFile(model.getText().trim());
			if (file != null) {
				try {
					ranks.setSelection(ranks(file));
				} catch (CoreException e) {
					// not a model to replay: isValid says why
				}
			}
		});
		widgets = new Widgets(model, folder, data, compute, ranks);
	}

	/** The ranks of a model, read again only when the file changed: the tab asks on every keystroke. */
	private int ranks(ModelFile model) throws CoreException {
		long stamp = model.location().toFile().lastModified();
		Ranks known = ranksOfModel;
		if (known == null || !known.model().equals(model) || known.stamp() != stamp) {
			known = new Ranks(model, stamp, ReplaySettings.ranks(model));
			ranksOfModel = known;
		}
		return known.ranks();
	}

	private Text text(Text text) {
		text.addListener(SWT.Modify, event -> updateLaunchConfigurationDialog());
		return text;
	}

	/** Without a model selected, one rank and no computation; with one, as Run As sets them, named after it. */
	@Override
	public void setDefaults(@Nullable ILaunchConfigurationWorkingCopy configuration) {
		if (configuration == null) {
			return;
		}
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_COMPUTE, Compute.NONE.name());
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_RANKS, 1);
		if (DebugUITools.getSelectedResource() instanceof IFile model && "loops".equals(model.getFileExtension())) {
			try {
				ReplayLaunchDelegate.setDefaults(configuration, ReplayLaunchDelegate.model(model.getFullPath().toString(), ""));
				configuration.rename(DebugPlugin.getDefault().getLaunchManager()
						.generateLaunchConfigurationName(model.getFullPath().removeFileExtension().lastSegment() + " replay"));
			} catch (CoreException e) {
				// a model that cannot be replayed is left to the user to set: isValid says why
			}
		}
	}

	@Override
	public void initializeFrom(@Nullable ILaunchConfiguration configuration) {
		Widgets w = widgets;
		if (w == null || configuration == null) {
			return;
		}
		try {
			String model = configuration.getAttribute(ReplayLaunchDelegate.ATTR_MODEL, "");
			w.model().setText(model.isEmpty() ? configuration.getAttribute(ReplayLaunchDelegate.ATTR_MODEL_LOCATION, "") : model);
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
		String model = w.model().getText().trim();
		boolean outside = ModelField.isOutside(model);
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_MODEL, outside ? "" : model);
		configuration.setAttribute(ReplayLaunchDelegate.ATTR_MODEL_LOCATION, outside ? model : "");
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
			ReplaySettings settings = ReplayLaunchDelegate.settings(configuration);
			int ranks = ranks(settings.model());
			int given = configuration.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 1);
			if (given != ranks) {
				setErrorMessage(NLS.bind(Messages.ReplayMainTab_wrongRanks, new Object[] { settings.model().label(), ranks, given }));
				return false;
			}
			return true;
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
			return false;
		}
	}

	@Override
	public String getName() {
		return Messages.ReplayMainTab_name;
	}
}
