// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.lang.ModelText;
import org.looptrace.model.core.Progress;
import org.looptrace.replay.ReplayGenerator;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayProgram;
import org.looptrace.ui.ModelField;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.testsupport.Workbench;

/**
 * LoopTrace Replay on the editor of a model outside the workspace (File &gt; Open File): its
 * configuration names the model by its file system path, the program is generated into
 * {@code replay} beside it, and a file of it the user edited is never replaced unasked.
 */
class ReplayOutsideWorkspaceTest {

	@AfterEach
	void closeEditorsAndDeleteConfigurations() throws CoreException {
		Workbench.page().closeAllEditors(false);
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		for (ILaunchConfiguration configuration : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ReplayLaunchDelegate.TYPE))) {
			configuration.delete();
		}
	}

	@Test
	void theEditorsModelIsReplayedIntoAFolderBesideItKeepingTheUsersEdits(@TempDir Path outside) throws Exception {
		Path model = RingModel.outside(outside);
		IEditorPart editor = Workbench.openOutsideWorkspace(model);
		assertNull(editor.getEditorInput().getAdapter(IFile.class), "the model is no workspace file");
		ModelFile file = Objects.requireNonNull(GenerateReplayHandler.model(null, editor.getEditorInput()));

		ILaunchConfiguration configuration = ReplayLaunchShortcut.findOrCreate(file);
		assertEquals(model.toString(), configuration.getAttribute(ReplayLaunchDelegate.ATTR_MODEL_LOCATION, ""));
		assertEquals("", configuration.getAttribute(ReplayLaunchDelegate.ATTR_MODEL, ""));
		assertEquals(outside.resolve("replay").toString(), configuration.getAttribute(ReplayLaunchDelegate.ATTR_FOLDER, ""));
		assertEquals(outside.toString(), configuration.getAttribute(ReplayLaunchDelegate.ATTR_DATA, ""), "the data traces beside it");
		assertEquals(8, configuration.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 0));
		assertEquals(configuration, ReplayLaunchShortcut.findOrCreate(file), "a second configuration of the model");

		ReplaySettings settings = ReplayLaunchDelegate.settings(configuration);
		assertTrue(ReplayLaunchDelegate.prepare(settings, null));
		ReplayProgram expected = ReplayGenerator.generate(ModelText.parse(Files.readString(model), "model.loops"), "model.loops",
				settings.options(), Progress.NONE);
		for (Map.Entry<String, String> generated : expected.files().entrySet()) {
			assertEquals(generated.getValue(), Files.readString(outside.resolve("replay").resolve(generated.getKey())), generated.getKey());
		}

		Path source = outside.resolve("replay").resolve(ReplayProgram.SOURCE);
		String edited = Files.readString(source).replace("int main(", "/* mine */\nint main(");
		Files.writeString(source, edited);
		assertTrue(ReplayLaunchDelegate.prepare(settings, null));
		assertEquals(edited, Files.readString(source), "the user's edit of a program still current");
		ReplaySettings withoutData = new ReplaySettings(settings.model(), settings.folder(), ReplayOptions.NONE);
		CoreException refused = assertThrows(CoreException.class, () -> ReplayLaunchDelegate.prepare(withoutData, null));
		assertTrue(refused.getMessage().contains(outside.resolve("replay") + " holds replay.c, edited by hand"), refused.getMessage());
		assertEquals(edited, Files.readString(source), "the user's edit replaced unasked");
	}

	/**
	 * The Main tab: the model and the folders are chosen in the workspace or the file system; a model outside the workspace
	 * is kept by its location, and refused naming it once it no longer exists.
	 */
	@Test
	void theTabKeepsAModelOfTheFileSystemByItsLocation(@TempDir Path outside) throws Exception {
		Path model = RingModel.outside(outside);
		Shell shell = new Shell(Display.getCurrent());
		ReplayMainTab tab = new ReplayMainTab();
		try {
			tab.createControl(shell);
			// the model, the program's folder and the data traces' folder, each with the buttons of Eclipse's external tools tabs
			List<String> buttons = Workbench.controls(shell, Button.class).stream().map(button -> button.getText().replace("&", "")).toList();
			assertEquals(Collections.nCopies(3, List.of("Browse Workspace\u2026", "Browse File System\u2026")).stream().flatMap(List::stream).toList(),
					buttons);
			ILaunchConfigurationWorkingCopy copy = DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType(ReplayLaunchDelegate.TYPE)
					.newInstance(null, "outside tab");
			tab.initializeFrom(copy);
			Workbench.texts(shell).get(0).setText(ModelField.text(model));
			tab.performApply(copy);
			assertEquals(model.toString(), copy.getAttribute(ReplayLaunchDelegate.ATTR_MODEL_LOCATION, ""));
			assertEquals(8, copy.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 0), "the ranks of the model chosen");
			assertTrue(tab.isValid(copy), tab.getErrorMessage());

			Files.delete(model);
			tab.performApply(copy);
			assertEquals(model.toString(), copy.getAttribute(ReplayLaunchDelegate.ATTR_MODEL_LOCATION, ""), "a model since deleted");
			assertFalse(tab.isValid(copy));
			assertEquals("The model " + model + " does not exist", tab.getErrorMessage());
		} finally {
			tab.dispose();
			shell.dispose();
		}
	}
}
